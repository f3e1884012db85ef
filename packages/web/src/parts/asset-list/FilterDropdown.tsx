import { useState } from 'react';
import { Badge, Button, Checkbox, Combobox, Group, Loader, Text, useCombobox } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

export interface FilterOption {
  value: string;
  label: string;
  /** How many assets the option would match (a facet bucket's count). */
  count?: number | undefined;
}

/** A search the caller runs itself (against the server) instead of filtering the options here. */
export interface RemoteSearch {
  text: string;
  onTextChange: (text: string) => void;
  isSearching: boolean;
}

interface FilterDropdownProps {
  label: string;
  options: readonly FilterOption[];
  selected: readonly string[];
  isMulti: boolean;
  onChange: (values: string[]) => void;
  /** Without it, the search box filters the options by label. */
  remoteSearch?: RemoteSearch | undefined;
  onOpen?: (() => void) | undefined;
  /** Labels of selected values the options do not hold (a value restored from the URL). */
  labelOf?: ((value: string) => string | undefined) | undefined;
}

const matches = (option: FilterOption, text: string) => option.label.toLowerCase().includes(text.trim().toLowerCase());

/**
 * One filter of the filter bar: a compact button naming the filter and how many values are chosen, opening a
 * searchable list of options with their counts. Several values or one, by the filter's selection behaviour.
 */
export function FilterDropdown({ label, options, selected, isMulti, onChange, remoteSearch, onOpen, labelOf }: FilterDropdownProps) {
  const [localText, setLocalText] = useState('');
  const combobox = useCombobox({
    onDropdownOpen: () => {
      onOpen?.();
      combobox.focusSearchInput();
    },
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setLocalText('');
      remoteSearch?.onTextChange('');
    },
  });
  const text = remoteSearch ? remoteSearch.text : localText;
  // Chosen values stay listed (first) even when the current answer no longer holds them.
  const missing = selected
    .filter((value) => !options.some((option) => option.value === value))
    .map((value) => ({ value, label: labelOf?.(value) ?? value, count: undefined }));
  const all = [...missing, ...options];
  const shown = remoteSearch ? all : all.filter((option) => matches(option, text));

  const handleSubmit = (value: string) => {
    const isChosen = selected.includes(value);
    if (isMulti) {
      onChange(isChosen ? selected.filter((item) => item !== value) : [...selected, value]);
      return;
    }
    onChange(isChosen ? [] : [value]);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={handleSubmit} width={260} position="bottom-start" shadow="md" withinPortal>
      <Combobox.Target targetType="button">
        <Button
          variant={selected.length > 0 ? 'light' : 'default'}
          size="xs"
          fw={500}
          rightSection={<IconChevronDown size={14} stroke={1.6} />}
          onClick={() => combobox.toggleDropdown()}
          // The accessible name starts with the visible text, the count included (WCAG 2.5.3).
          aria-label={selected.length > 0 ? `${label} ${selected.length} selected` : label}
        >
          {label}
          {selected.length > 0 && ' '}
          {selected.length > 0 && (
            <Badge size="xs" circle ml={6} aria-hidden>
              {selected.length}
            </Badge>
          )}
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={text}
          onChange={(event) => (remoteSearch ? remoteSearch.onTextChange(event.currentTarget.value) : setLocalText(event.currentTarget.value))}
          placeholder="Search"
          aria-label={`Search ${label}`}
          rightSection={remoteSearch?.isSearching ? <Loader size={12} /> : null}
        />
        <Combobox.Options mah={300} style={{ overflowY: 'auto' }} aria-label={label}>
          {shown.length === 0 ? (
            <Combobox.Empty>{remoteSearch?.isSearching ? 'Searching…' : 'Nothing found'}</Combobox.Empty>
          ) : (
            shown.map((option) => {
              const isChosen = selected.includes(option.value);
              return (
                <Combobox.Option value={option.value} key={option.value} active={isChosen} aria-selected={isChosen}>
                  <Group gap={8} wrap="nowrap">
                    <Checkbox checked={isChosen} onChange={() => undefined} size="xs" tabIndex={-1} aria-hidden style={{ pointerEvents: 'none' }} />
                    <Text size="sm" truncate style={{ flex: 1 }}>
                      {option.label}
                    </Text>
                    {option.count !== undefined && (
                      <Text size="xs" c="dimmed" aria-hidden>
                        {option.count}
                      </Text>
                    )}
                  </Group>
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
