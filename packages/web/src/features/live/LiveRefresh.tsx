import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { changesListing } from '@editor/domain';
import { useLiveAssetEvents } from '../../api/live/LiveProvider.tsx';
import { queryKeys } from '../../api/queryKeys.ts';

/** Writes that come together (a bulk publish) refresh the lists once. */
const LIST_REFRESH_MS = 500;

/**
 * Keeps what the tab shows in step with others' publishes, unpublishes, schedules and space changes: the lists, the
 * dashboard and the lifecycle of the asset are read again. Content saves leave the lists alone: a newsroom saves many
 * times a second, and the open editor shows those itself.
 */
export function LiveRefresh() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refreshLists = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.assetLists() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    }, LIST_REFRESH_MS);
  };
  useLiveAssetEvents(
    (event) => {
      if (!changesListing(event)) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.lifecycles(event.assetId) });
      refreshLists();
    },
    refreshLists,
  );
  return null;
}
