import { useState } from 'react';
import { Button, Fieldset, MultiSelect, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssetVersion } from '@editor/domain';
import { useApiClient } from '../../../api/ApiClientProvider.tsx';
import { queryKeys } from '../../../api/queryKeys.ts';
import { useAppConfig } from '../../../config/AppConfigProvider.tsx';
import { useCurrentUser } from '../../../parts/user/useCurrentUser.ts';
import { saveErrorText } from './saveErrorText.ts';

/** Spec 002 §5 Select: a search filter from this many options on. */
const SEARCH_FROM = 5;

const sameSpaces = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((space) => b.includes(space));

/**
 * Spec 002 §2, §5 Spaces (Advanced): the asset's spaces, choosable among the installation's spaces; those outside the
 * user's spaces are disabled. Save needs at least one space and a change; it PUTs the spaces on the change-spaces link.
 */
export function SpacesEditor({ asset, onSaved }: { asset: AssetVersion; onSaved: () => unknown }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { spaces: allSpaces } = useAppConfig();
  const { effectiveRights } = useCurrentUser();
  const current = asset._embedded.about._meta.spaces;
  // null while untouched: the field follows the asset, also after a save refetched it.
  const [draft, setDraft] = useState<string[] | null>(null);
  const selected = draft ?? current;

  const save = useMutation({
    mutationFn: (spaces: string[]) => api.send({ method: 'PUT', path: asset._links['p:changeSpaces'].href, body: { spaces } }),
    onSuccess: async () => {
      // Cards show spaces: lists fetch again when next shown.
      void queryClient.invalidateQueries({ queryKey: queryKeys.assetLists(), refetchType: 'none' });
      await onSaved();
      setDraft(null);
    },
  });

  const options = [...new Set([...allSpaces, ...current])].map((space) => ({ value: space, label: space, disabled: !effectiveRights.spaces.includes(space) }));
  const canSave = selected.length > 0 && !sameSpaces(selected, current);

  return (
    <Fieldset legend="Spaces" variant="unstyled">
      <Stack gap="xs">
        <MultiSelect
          label="Content spaces"
          description="Saving needs the asset to be published to apply."
          data={options}
          value={selected}
          searchable={options.length >= SEARCH_FROM}
          onChange={(spaces) => {
            save.reset();
            setDraft(spaces);
          }}
          error={save.isError ? saveErrorText(save.error) : undefined}
        />
        <Button size="xs" style={{ alignSelf: 'flex-start' }} disabled={!canSave} loading={save.isPending} onClick={() => save.mutate(selected)}>
          Save
        </Button>
      </Stack>
    </Fieldset>
  );
}
