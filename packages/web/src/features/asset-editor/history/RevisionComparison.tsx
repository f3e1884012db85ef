import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { RevisionComparison as Comparison } from '@editor/domain';
import { describeValue } from '../../../ui/describeValue.ts';

type FieldComparison = Comparison['fields'][number];
type ElementChange = Extract<FieldComparison, { kind: 'elements' }>['changes'][number];

/** Added and removed words are told apart by more than colour: underlined and struck through. */
const ADDED = { background: 'var(--mantine-color-green-1)', color: 'var(--mantine-color-green-9)', textDecoration: 'underline' } as const;
const REMOVED = { background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)', textDecoration: 'line-through' } as const;

function WordChanges({ changes }: { changes: Extract<FieldComparison, { kind: 'words' }>['changes'] }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {changes.map((change, index) => {
        const separator = index === 0 ? '' : ' ';
        if (change.op === 'same') return `${separator}${change.text}`;
        const Mark = change.op === 'added' ? 'ins' : 'del';
        return (
          <span key={index}>
            {separator}
            <Mark style={change.op === 'added' ? ADDED : REMOVED} aria-label={`${change.op}: ${change.text}`}>
              {change.text}
            </Mark>
          </span>
        );
      })}
    </Text>
  );
}

const ELEMENT_BADGE: Record<Exclude<ElementChange['op'], 'same'>, { label: string; color: string }> = {
  added: { label: 'Added', color: 'green' },
  removed: { label: 'Removed', color: 'red' },
  moved: { label: 'Moved', color: 'blue' },
};

/** Where an element was and is, counted from 1 as a person counts. */
function placeOf(change: ElementChange): string {
  const at = (index: number | undefined) => (index === undefined ? '' : String(index + 1));
  if (change.op === 'moved') return `${at(change.before)} → ${at(change.after)}`;
  return change.op === 'removed' ? at(change.before) : at(change.after);
}

function ElementChanges({ changes }: { changes: ElementChange[] }) {
  const unchanged = changes.filter((change) => change.op === 'same').length;
  return (
    <Stack gap={4}>
      {changes
        .filter((change) => change.op !== 'same')
        .map((change, index) => {
          const badge = ELEMENT_BADGE[change.op as Exclude<ElementChange['op'], 'same'>];
          return (
            <Group key={index} gap={6} wrap="nowrap" align="baseline">
              <Badge size="sm" variant="light" color={badge.color} style={{ flexShrink: 0 }}>
                {badge.label} {placeOf(change)}
              </Badge>
              <Text size="sm" lineClamp={2} style={change.op === 'removed' ? { textDecoration: 'line-through' } : undefined}>
                {describeValue(change.value)}
              </Text>
            </Group>
          );
        })}
      {unchanged > 0 && (
        <Text size="xs" c="dimmed">
          {unchanged === 1 ? '1 element unchanged' : `${unchanged} elements unchanged`}
        </Text>
      )}
    </Stack>
  );
}

function ValueChange({ before, after }: { before: unknown; after: unknown }) {
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 8, rowGap: 2 }}>
      <Text component="dt" size="xs" c="dimmed">
        Before
      </Text>
      <Text component="dd" m={0} size="sm" style={{ ...REMOVED, overflowWrap: 'anywhere' }}>
        {describeValue(before)}
      </Text>
      <Text component="dt" size="xs" c="dimmed">
        After
      </Text>
      <Text component="dd" m={0} size="sm" style={{ ...ADDED, overflowWrap: 'anywhere' }}>
        {describeValue(after)}
      </Text>
    </Box>
  );
}

interface RevisionComparisonProps {
  fields: readonly FieldComparison[];
  /** Offered with each field when the revision may be restored: restores that one field of it. */
  onRestoreField?: ((input: string, label: string) => void) | undefined;
  isRestoring: boolean;
}

/** Issue 41: how two revisions differ, field by field: words in texts, elements in lists, before and after otherwise. */
export function RevisionComparison({ fields, onRestoreField, isRestoring }: RevisionComparisonProps) {
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The two revisions have the same content.
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Changed fields">
      {fields.map((field) => (
        <Paper key={field.input} component="li" withBorder p="xs" aria-label={field.label}>
          <Group justify="space-between" mb={4} wrap="nowrap">
            <Text size="sm" fw={600}>
              {field.label}
            </Text>
            {onRestoreField && (
              <Button size="compact-xs" variant="subtle" disabled={isRestoring} onClick={() => onRestoreField(field.input, field.label)} aria-label={`Restore ${field.label}`}>
                Restore field
              </Button>
            )}
          </Group>
          {field.kind === 'words' && <WordChanges changes={field.changes} />}
          {field.kind === 'elements' && <ElementChanges changes={field.changes} />}
          {field.kind === 'value' && <ValueChange before={field.before} after={field.after} />}
        </Paper>
      ))}
    </Stack>
  );
}
