import { useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { INPUT_DEBOUNCE_MS } from './useDropdownSearch.ts';

/**
 * The search box of the filter bar: a search text or an EAQL expression (the help page explains EAQL). It applies
 * after the input debounce (spec 001 §9) or at once on Enter; a value set from outside (a preset, a removed chip)
 * replaces what it shows.
 */
export function SearchBox({
  value,
  onChange,
  label = 'Search',
  placeholder = 'Search text or EAQL query',
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    // Changed from outside: show it. Adjusting state while rendering avoids a second pass (React docs).
    setApplied(value);
    setText(value);
  }
  const apply = (next: string) => {
    setApplied(next.trim());
    onChange(next.trim());
  };
  // Cancelled when the box unmounts, so a pending apply never reaches a list that is gone.
  const applyLater = useDebouncedCallback(apply, INPUT_DEBOUNCE_MS);

  return (
    <TextInput
      size="xs"
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={14} stroke={1.6} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        applyLater(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        applyLater.cancel();
        apply(text);
      }}
      rightSection={
        text !== '' ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              applyLater.cancel();
              setText('');
              apply('');
            }}
          />
        ) : null
      }
      style={{ flex: '1 1 200px', minWidth: 180, maxWidth: 400 }}
    />
  );
}
