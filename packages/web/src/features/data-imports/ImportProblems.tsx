import { Table, Text, Title } from '@mantine/core';
import type { ImportProblem } from './importRun.ts';

/** The rows of a file that were not imported: row number, external id and every reason, one row each. */
export function ImportProblems({ problems }: { problems: readonly ImportProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby="import-problems">
      <Title order={2} size="h5" id="import-problems" mb="xs">
        {problems.length === 1 ? '1 row not imported' : `${problems.length} rows not imported`}
      </Title>
      <Table striped withTableBorder aria-label="Rows not imported">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>Row</Table.Th>
            <Table.Th w={260}>External ID</Table.Th>
            <Table.Th>Problems</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((problem) => (
            <Table.Tr key={`${problem.row}-${problem.externalId ?? ''}`}>
              <Table.Td>{problem.row}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {problem.externalId ?? '–'}
                </Text>
              </Table.Td>
              <Table.Td>
                {problem.messages.map((message) => (
                  <Text size="sm" key={message}>
                    {message}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
