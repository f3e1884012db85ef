import type { ReactNode } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { ErrorView } from '../../ui/ErrorView.tsx';
import { useLoadMoreSentinel } from '../../ui/useLoadMoreSentinel.ts';
import { AssetCardGrid, AssetCardGridItem } from './AssetCardGrid.tsx';

/** What the grid reads of an infinite query (the asset list, the media archive). */
export interface InfiniteCards<T> {
  items: readonly T[];
  error: unknown;
  isError: boolean;
  isPending: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/**
 * A card grid with infinite scroll and its states: the error view, a loader, 'No results found.' (spec 001 §2.3),
 * and at the end the next page's loader or its error. `what` names the cards for the loaders ('assets', 'media').
 */
export function InfiniteCardGrid<T>({ list, what, keyOf, renderCard }: { list: InfiniteCards<T>; what: string; keyOf: (item: T) => string; renderCard: (item: T) => ReactNode }) {
  const loadMoreRef = useLoadMoreSentinel(() => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isError) void list.fetchNextPage();
  });
  if (list.isError && !list.isFetchNextPageError) return <ErrorView error={list.error} onOk={() => void list.refetch()} />;
  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (list.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No results found.
      </Text>
    );
  }
  return (
    <>
      <AssetCardGrid>
        {list.items.map((item) => (
          <AssetCardGridItem key={keyOf(item)}>{renderCard(item)}</AssetCardGridItem>
        ))}
      </AssetCardGrid>
      {list.isFetchNextPageError && <ErrorView error={list.error} onOk={() => void list.fetchNextPage()} />}
      {list.hasNextPage && !list.isFetchNextPageError && <div key={list.items.length} ref={loadMoreRef} style={{ height: 1 }} data-testid="load-more" />}
      {list.isFetchingNextPage && (
        <Center py="sm">
          <Loader size="sm" aria-label={`Loading more ${what}`} />
        </Center>
      )}
    </>
  );
}
