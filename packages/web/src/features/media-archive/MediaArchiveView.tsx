import { useState } from 'react';
import { Stack } from '@mantine/core';
import { visibleMediaChannels, type MediaLibraryItem } from '@editor/domain';
import { InfiniteCardGrid } from '../../parts/asset-card/InfiniteCardGrid.tsx';
import { canCreateContent } from '../../parts/user/canCreateContent.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { ArchiveFilterBar } from '../../parts/media-archive/ArchiveFilterBar.tsx';
import { archiveRequestParams, type ArchiveFilters } from '../../parts/media-archive/archiveSearch.ts';
import { creationProblemOf } from '../../parts/media-archive/createFromArchive.ts';
import { MediaArchiveCard } from '../../parts/media-archive/MediaArchiveCard.tsx';
import { MediaPreviewModal } from '../../parts/media-archive/MediaPreviewModal.tsx';
import { useCreateFromArchive, useGoToArchiveAsset } from './useArchiveActions.ts';
import { useMediaArchive } from '../../parts/media-archive/useMediaArchive.ts';

/**
 * The media archive (spec 001 §2.7): the filters, then the cards with infinite scroll, 'No results found.' when
 * nothing matches, the error view when the search fails, and the preview modal of the card last asked for.
 */
export function MediaArchiveView({ filters: chosen, onFiltersChange }: { filters: ArchiveFilters; onFiltersChange: (filters: ArchiveFilters) => void }) {
  const currentUser = useCurrentUser();
  const isCreator = canCreateContent(currentUser);
  const channels = visibleMediaChannels(currentUser.effectiveRights);
  // A channel the user may not see (from a shared link) is not searched: it would only ever find nothing.
  const filters = chosen.channel && !channels.includes(chosen.channel) ? { ...chosen, channel: undefined } : chosen;
  const list = useMediaArchive(archiveRequestParams(filters));
  const goTo = useGoToArchiveAsset();
  const create = useCreateFromArchive();
  const [previewed, setPreviewed] = useState<MediaLibraryItem | undefined>(undefined);

  return (
    <Stack gap="sm">
      <ArchiveFilterBar filters={filters} channels={channels} onChange={onFiltersChange} />
      <InfiniteCardGrid
        list={list}
        what="media"
        keyOf={(item) => item.id}
        renderCard={(item) => (
          <MediaArchiveCard
            item={item}
            goTo={{ onGoTo: () => item.attributes.assetId && goTo.mutate(item.attributes.assetId), isOpening: goTo.isPending && goTo.variables === item.attributes.assetId }}
            create={
              isCreator
                ? { onCreate: () => create.create(item), isCreating: create.creatingId === item.id, isDisabled: create.isPending, problem: creationProblemOf(item) }
                : undefined
            }
            onPreview={() => setPreviewed(item)}
          />
        )}
      />
      <MediaPreviewModal item={previewed} channel={filters.channel} onClose={() => setPreviewed(undefined)} />
    </Stack>
  );
}
