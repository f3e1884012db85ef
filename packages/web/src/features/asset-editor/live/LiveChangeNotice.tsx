import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { LiveEditor } from './useLiveEditor.ts';

const listOf = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** A newer version of the open one: who saved it and which fields, with Show changes and Load. */
export function LiveChangeNotice({ live }: { live: LiveEditor }) {
  const { notice } = live;
  if (!notice) return null;
  const fields = notice.fields.length > 0 ? `: ${listOf(notice.fields)}` : '';
  return (
    <Alert color="blue" icon={<IconRefresh size={18} />} title={`${listOf(notice.names)} saved a newer version${fields}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">Fields you have not changed are taken in place; where you both changed a field, you choose.</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void live.showChanges()}>
            Show changes
          </Button>
          <Button size="xs" onClick={() => void live.load()}>
            Load
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}

/** The newer version's differences field by field, or the fields both sides changed, each with its choice. */
export function LiveChangesModal({ live }: { live: LiveEditor }) {
  const { dialog } = live;
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>({});
  const latest = dialog?.latest;
  const title = dialog?.kind === 'choose' ? 'You both changed these fields' : 'Changes in the newer version';
  return (
    <Modal opened={dialog !== null} onClose={live.closeDialog} title={title} size="lg">
      {dialog && latest && (
        <Stack gap="md">
          <Text size="sm">{`Saved by ${latest._meta.updatedBy}.`}</Text>
          <Table withTableBorder striped aria-label={dialog.kind === 'choose' ? 'Fields you both changed' : 'Changes in the newer version'}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>{dialog.kind === 'choose' ? 'Your version' : 'Before'}</Table.Th>
                <Table.Th>{dialog.kind === 'choose' ? 'Newer version' : 'Now'}</Table.Th>
                {dialog.kind === 'choose' && <Table.Th>Keep</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dialog.differences.map((difference) => (
                <Table.Tr key={difference.input}>
                  <Table.Td>
                    {difference.label}
                    {dialog.kind === 'changes' && dialog.changedHere.has(difference.input) && (
                      <Text size="xs" c="orange.8">
                        You changed it too
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{difference.mine}</Table.Td>
                  <Table.Td>{difference.theirs}</Table.Td>
                  {dialog.kind === 'choose' && (
                    <Table.Td>
                      <Radio.Group value={choices[difference.input] ?? 'mine'} onChange={(value) => setChoices({ ...choices, [difference.input]: value === 'theirs' ? 'theirs' : 'mine' })} aria-label={`Keep for ${difference.label}`}>
                        <Stack gap={4}>
                          <Radio value="mine" label="Yours" />
                          <Radio value="theirs" label="Newer" />
                        </Stack>
                      </Radio.Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={live.closeDialog}>
              Cancel
            </Button>
            {dialog.kind === 'changes' ? (
              <Button onClick={() => void live.load()}>Load</Button>
            ) : (
              <Button
                onClick={() => {
                  live.chooseAndLoad(new Set(Object.entries(choices).flatMap(([name, choice]) => (choice === 'theirs' ? [name] : []))));
                  setChoices({});
                }}
              >
                Load
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
