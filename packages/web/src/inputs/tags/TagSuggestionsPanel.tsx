import { Button, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBulb, IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { TagSuggestion, TagSuggestionType } from '@editor/domain';
import { useTagSuggestions } from './useTagSuggestions.ts';

/** Ours: the spec names an applied message for the panel but gives no words. */
export const ALL_SUGGESTIONS_APPLIED = 'All suggestions applied.';

/**
 * Spec 001 §4, §7: the collapsible tag suggestions panel of a tag input: the suggestions for the asset's text, each
 * added with one click; once every suggestion is among the chosen tags it says so.
 */
export function TagSuggestionsPanel({ type, chosenIds, onAdd }: { type: TagSuggestionType; chosenIds: readonly string[]; onAdd: (suggestion: TagSuggestion) => void }) {
  const [isOpen, panel] = useDisclosure(true);
  const { suggestions, hasText } = useTagSuggestions(type);
  if (!hasText || suggestions.length === 0) return null;
  const open = suggestions.filter((suggestion) => !chosenIds.includes(suggestion.uuid));
  return (
    <Stack gap={4}>
      <UnstyledButton onClick={panel.toggle} aria-expanded={isOpen}>
        <Group gap={4} c="dimmed">
          {isOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          <IconBulb size={14} />
          <Text size="xs" fw={600}>
            Suggestions
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={isOpen}>
        {open.length === 0 ? (
          <Text size="xs" c="dimmed">
            {ALL_SUGGESTIONS_APPLIED}
          </Text>
        ) : (
          <Group gap={6}>
            {open.map((suggestion) => (
              <Button key={suggestion.uuid} size="compact-xs" variant="light" radius="xl" leftSection={<IconPlus size={12} />} onClick={() => onAdd(suggestion)} aria-label={`Add ${suggestion.title}`}>
                {suggestion.title}
              </Button>
            ))}
          </Group>
        )}
      </Collapse>
    </Stack>
  );
}
