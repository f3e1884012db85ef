import { Center, Loader } from '@mantine/core';
import { useLoadMoreSentinel } from '../../ui/useLoadMoreSentinel.ts';
import { WidgetError } from './WidgetStates.tsx';

/** What the end of an infinite widget list reads of its query. */
export interface InfiniteEnd {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  isError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The end of an infinite widget list (Athletes, Schedule): a sentinel that loads the next page as it comes into
 * view, its loader, or its error with a retry. `count` keys the sentinel per page, so one still in view fires again.
 */
export function WidgetInfiniteEnd({ list, count, what }: { list: InfiniteEnd; count: number; what: string }) {
  const loadMoreRef = useLoadMoreSentinel(() => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isError) void list.fetchNextPage();
  });
  if (list.isFetchNextPageError) return <WidgetError onRetry={() => void list.fetchNextPage()} />;
  return (
    <>
      {list.hasNextPage && <div key={count} ref={loadMoreRef} style={{ height: 1 }} data-testid="load-more" />}
      {list.isFetchingNextPage && (
        <Center py="xs">
          <Loader size="xs" aria-label={`Loading more ${what}`} />
        </Center>
      )}
    </>
  );
}
