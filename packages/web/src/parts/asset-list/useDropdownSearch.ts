import { useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';

const NO_OPTIONS: readonly never[] = [];

/** Spec 001 §9: input debounce. */
export const INPUT_DEBOUNCE_MS = 500;

/**
 * Spec 001 §5: a search in the author, tagging and event dropdowns does nothing for an empty query unless forced.
 * Returns the query to send, or null for no call.
 */
export function searchToRun(text: string, isForced: boolean): string | null {
  const query = text.trim();
  return query !== '' || isForced ? query : null;
}

/**
 * A dropdown's server search (the filter dropdowns, a reference input's tag picker): typing searches after the input
 * debounce (spec 002 §9: 500 ms on text input); opening the dropdown forces one search with the empty query, so the
 * list is not empty at first. Clearing the text again sends nothing.
 */
export function useDropdownSearch<TOption>(input: { queryKey: (query: string) => QueryKey; search: (query: string, signal: AbortSignal) => Promise<TOption[]> }) {
  const [text, setText] = useState('');
  const [isForced, setIsForced] = useState(false);
  const [debouncedText] = useDebouncedValue(text, INPUT_DEBOUNCE_MS);
  const query = searchToRun(debouncedText, isForced);
  const result = useQuery({
    queryKey: input.queryKey(query ?? ''),
    queryFn: ({ signal }) => input.search(query ?? '', signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const options: readonly TOption[] = result.data ?? NO_OPTIONS;
  return {
    text,
    onTextChange: (next: string) => {
      setText(next);
      // Typing is a search of its own; only opening the dropdown forces one.
      setIsForced(false);
    },
    force: () => setIsForced(true),
    options,
    isSearching: result.isFetching,
  };
}
