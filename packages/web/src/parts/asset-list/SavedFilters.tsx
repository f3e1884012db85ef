import { Button, CloseButton, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { savedFilterLabel, shouldSuggestSavedFilter, type Filters, type SavedFilter } from '@editor/domain';
import { isSameFilters, normalizeFilters, savableFilters, type ListTab } from './listFilters.ts';
import { useSavedFilters } from './useSavedFilters.ts';

/** Spec 001 §2.3: the user's filter presets, each labelled with its values, applied by a click, removed with its x. */
export function SavedFilterList({ savedFilters, onApply }: { savedFilters: readonly SavedFilter[]; onApply: (filters: Filters) => void }) {
  const { remove } = useSavedFilters();
  if (savedFilters.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" role="list" aria-label="Saved filters">
      {savedFilters.map((filter) => {
        const label = savedFilterLabel(filter.filters) || filter.id;
        return (
          <Paper key={filter.id} role="listitem" withBorder radius="xl" pl={10} pr={2} py={1}>
            <Group gap={2} wrap="nowrap">
              <Tooltip label="Apply this filter" withArrow fz="xs" openDelay={400}>
                <UnstyledButton onClick={() => onApply(normalizeFilters(filter.filters))} maw={260}>
                  <Text size="xs" fw={500} truncate>
                    {label}
                  </Text>
                </UnstyledButton>
              </Tooltip>
              <CloseButton
                size="xs"
                radius="xl"
                aria-label={`Delete saved filter ${label}`}
                disabled={remove.isPending && remove.variables.id === filter.id}
                onClick={() => remove.mutate(filter)}
              />
            </Group>
          </Paper>
        );
      })}
    </Group>
  );
}

interface SaveFilterButtonProps {
  tab: ListTab;
  filters: Filters;
  savedFilters: readonly SavedFilter[];
  /** The user's p:filters link. */
  saveHref: string;
}

/** Spec 000 §4: 'Save filter' appears when the current filters are worth keeping (and are not saved yet). */
export function SaveFilterButton({ tab, filters, savedFilters, saveHref }: SaveFilterButtonProps) {
  const { save } = useSavedFilters();
  const toSave = savableFilters(filters);
  const isSaved = savedFilters.some((filter) => isSameFilters(filter.filters, toSave));
  if (!shouldSuggestSavedFilter(toSave, tab) || isSaved) return null;
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      leftSection={<IconDeviceFloppy size={14} stroke={1.6} />}
      loading={save.isPending}
      onClick={() => save.mutate({ href: saveHref, filters: toSave })}
    >
      Save filter
    </Button>
  );
}
