import { Code, Stack, Table, Text, Title } from '@mantine/core';
import { EAQL_HELP } from '@editor/domain';

/** The EAQL help page (spec 002 §2): operators, datatypes, every property with its datatype, and examples. */
export function EaqlHelp() {
  return (
    <Stack gap="md" maw={960}>
      <Title order={2} size="h4">
        {EAQL_HELP.title}
      </Title>
      {EAQL_HELP.intro.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}

      <Title order={3} size="h5">
        Operators
      </Title>
      <Table aria-label="Operators" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Operator</Table.Th>
            <Table.Th>Works on</Table.Th>
            <Table.Th>Meaning</Table.Th>
            <Table.Th>Example</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {EAQL_HELP.operators.map((row) => (
            <Table.Tr key={row.operator}>
              <Table.Td>
                <Code>{row.operator}</Code>
              </Table.Td>
              <Table.Td>{row.worksOn}</Table.Td>
              <Table.Td>{row.meaning}</Table.Td>
              <Table.Td>
                <Code>{row.example}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text>{EAQL_HELP.inNote}</Text>

      <Title order={3} size="h5">
        Datatypes
      </Title>
      <Table aria-label="Datatypes" withTableBorder>
        <Table.Tbody>
          {EAQL_HELP.types.map((row) => (
            <Table.Tr key={row.type}>
              <Table.Td>
                <Code>{row.type}</Code>
              </Table.Td>
              <Table.Td>{row.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Title order={3} size="h5">
        Properties
      </Title>
      <Table aria-label="Properties" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Property</Table.Th>
            <Table.Th>Datatype</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {EAQL_HELP.properties.map((row) => (
            <Table.Tr key={row.name}>
              <Table.Td>
                <Code>{row.name}</Code>
              </Table.Td>
              <Table.Td>{row.type}</Table.Td>
              <Table.Td>{row.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text c="dimmed">{EAQL_HELP.ratingsNote}</Text>

      <Title order={3} size="h5">
        Examples
      </Title>
      <Table aria-label="Examples" withTableBorder>
        <Table.Tbody>
          {EAQL_HELP.examples.map((row) => (
            <Table.Tr key={row.query}>
              <Table.Td>
                <Code>{row.query}</Code>
              </Table.Td>
              <Table.Td>{row.explanation}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Title order={3} size="h5">
        Limits
      </Title>
      <Text>{EAQL_HELP.limits}</Text>
    </Stack>
  );
}
