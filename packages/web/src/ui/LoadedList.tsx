import type { ReactNode } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { LoadFailure } from './LoadFailure.tsx';

interface LoadedListProps {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The loader's name: 'Loading webhooks'. */
  loadingLabel: string;
  /** What the failure names: 'The webhooks' could not be loaded. */
  what: string;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** A list the server gives: a loader while it comes, the failure with Try again, a line when it is empty, else the list. */
export function LoadedList({ query, loadingLabel, what, isEmpty, emptyText, children }: LoadedListProps) {
  if (query.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={loadingLabel} />
      </Center>
    );
  }
  if (query.isError) return <LoadFailure what={what} error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty) return <Text c="dimmed">{emptyText}</Text>;
  return children;
}
