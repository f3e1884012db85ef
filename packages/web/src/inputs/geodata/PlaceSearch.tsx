import { useState } from 'react';
import { Select } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { usePlaceSearch } from './placesApi.ts';

/**
 * The place search of a geodata input (spec 002 §3, §4): the autocomplete's predictions for the typed text (debounced,
 * spec 002 §9); choosing one hands its place id on.
 */
export function PlaceSearch({ disabled, onChoose }: { disabled: boolean; onChoose: (placeId: string) => void }) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const search = usePlaceSearch(text);
  const predictions = search.data?.predictions ?? [];
  const hasNone = search.data?.status === 'ZERO_RESULTS' && text.trim() !== '';
  return (
    <Select
      label="Search a place"
      placeholder="Town or city"
      leftSection={<IconSearch size={14} />}
      searchable
      clearable
      disabled={disabled}
      searchValue={text}
      onSearchChange={setText}
      value={chosen}
      data={predictions.map((prediction) => ({ value: prediction.place_id, label: prediction.description }))}
      // The server matches and ranks; every prediction it answers is shown.
      filter={({ options }) => options}
      nothingFoundMessage={hasNone ? 'No places found.' : undefined}
      onChange={(placeId) => {
        setChosen(placeId);
        if (placeId) onChoose(placeId);
      }}
    />
  );
}
