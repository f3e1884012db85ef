import { Badge, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TAG_SUGGESTION_AMOUNT, type GeodataValue, type TagSuggestion } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { GeodataInput } from '../../inputs/geodata/GeodataInput.tsx';
import { INPUT_DEBOUNCE_MS } from '../../parts/asset-list/useDropdownSearch.ts';
import { GEOLOCATION_INPUT } from './galleryDraft.ts';

const NONE: readonly TagSuggestion[] = [];

/**
 * Spec 001 §7, §9: three discipline suggestions (`POST /api/v1/suggestions/tags/disciplines`) for the gallery's
 * texts in its space; a failure is logged only and leaves the list empty (§8).
 */
function useGallerySuggestions(space: string, text: string) {
  const api = useApiClient();
  const [debounced] = useDebouncedValue(text, INPUT_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: queryKeys.tagSuggestions({ type: 'disciplines', space, text: debounced }),
    queryFn: async ({ signal }) => {
      try {
        return await api.request({
          method: 'POST',
          path: '/api/v1/suggestions/tags/disciplines',
          body: { space, suggestionAmount: TAG_SUGGESTION_AMOUNT, textualContent: debounced },
          response: 'tagSuggestionsResponse',
          signal,
        });
      } catch (error) {
        if (!signal.aborted) console.error('Tag suggestions could not be fetched.', error);
        return NONE;
      }
    },
    enabled: debounced.trim() !== '',
    // A changed text keeps the suggestions on screen until the new ones are there.
    placeholderData: keepPreviousData,
  });
  return query.data ?? NONE;
}

/** The gallery's disciplines (spec 001 §5: always part of the tagging fields): the chosen ones and suggestions to add. */
export function GalleryTagging({ space, text, chosen, onChange }: { space: string; text: string; chosen: readonly TagSuggestion[]; onChange: (next: TagSuggestion[]) => void }) {
  const suggestions = useGallerySuggestions(space, text);
  const open = suggestions.filter((suggestion) => !chosen.some((tag) => tag.uuid === suggestion.uuid));
  return (
    <Stack gap="xs" aria-label="Disciplines" role="group">
      <Text size="sm" fw={500}>
        Disciplines
      </Text>
      <Group gap={6}>
        {chosen.map((tag) => (
          <Badge key={tag.uuid} variant="light" rightSection={<CloseButton size="xs" aria-label={`Remove ${tag.title}`} onClick={() => onChange(chosen.filter((other) => other.uuid !== tag.uuid))} />}>
            {tag.title}
          </Badge>
        ))}
      </Group>
      {open.length > 0 && (
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            Suggestions
          </Text>
          {open.map((suggestion) => (
            <Button key={suggestion.uuid} size="compact-xs" variant="light" radius="xl" leftSection={<IconPlus size={12} />} onClick={() => onChange([...chosen, suggestion])} aria-label={`Add ${suggestion.title}`}>
              {suggestion.title}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

const NO_ERRORS: readonly string[] = [];

/**
 * The gallery's geolocation (spec 001 §5: always part of the tagging fields): place search, map and coordinates. The
 * gallery and every image the wizard makes get it.
 */
export function GalleryGeolocation({ value, onChange }: { value: GeodataValue | undefined; onChange: (next: GeodataValue | undefined) => void }) {
  return <GeodataInput input={GEOLOCATION_INPUT} value={value} onChange={onChange} onBlur={() => undefined} disabled={false} errors={NO_ERRORS} />;
}
