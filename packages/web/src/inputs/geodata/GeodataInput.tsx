import { useId, useState } from 'react';
import { Group, TextInput } from '@mantine/core';
import {
  GEODATA_DEBOUNCE_MS,
  GEODATA_INITIAL_ZOOM,
  changeCoordinate,
  geodataFromTexts,
  geodataOf,
  textsOfGeodata,
  type CoordinateField,
  type CoordinateTexts,
  type GeodataValue,
  type PlaceDetails,
} from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { FieldFrame } from '../field/FieldFrame.tsx';
import { useDebouncedEmit } from '../field/useDebouncedEmit.ts';
import { GeodataMap, type MapView } from './GeodataMap.tsx';
import { PlaceSearch } from './PlaceSearch.tsx';
import { fetchPlaceDetails } from './placesApi.ts';
import type { InputProps } from '../field/widgetProps.ts';

export interface GeodataInputProps extends InputProps<GeodataValue> {
  /** A place was chosen in the search; the value is already its point. */
  onPlaceChosen?: (place: PlaceDetails) => void;
}

const FIELDS: ReadonlyArray<{ field: CoordinateField; label: string; placeholder: string }> = [
  { field: 'latitude', label: 'Latitude', placeholder: 'e.g. 43.3373' },
  { field: 'longitude', label: 'Longitude', placeholder: 'e.g. 17.8150' },
  { field: 'altitude', label: 'Altitude', placeholder: 'Optional, in metres' },
];

function sameValue(a: GeodataValue | undefined, b: GeodataValue | undefined): boolean {
  return a?.latitude === b?.latitude && a?.longitude === b?.longitude && a?.altitude === b?.altitude;
}

/** Spec 002 §9: the map opens at zoom 2 on the world without a value, at zoom 8 on the point with one. */
export function initialMapView(value: GeodataValue | undefined): MapView {
  return value ? { center: value, zoom: GEODATA_INITIAL_ZOOM.withValue } : { center: { latitude: 0, longitude: 0 }, zoom: GEODATA_INITIAL_ZOOM.empty };
}

/**
 * A geodata input (spec 002 §3, §4, §5): place search, the map, and latitude, longitude and optional altitude. A
 * typed change that is not numeric is ignored; a value is emitted once latitude and longitude are set, debounced like
 * text (spec 002 §9: 500 ms) and at once on leaving a field. Choosing a place or clicking the map sets the point at once.
 */
export function GeodataInput({ input, value, onChange, onBlur, disabled, errors, onPlaceChosen }: GeodataInputProps) {
  const id = useId();
  const api = useApiClient();
  const stored = geodataOf(value);
  const [texts, setTexts] = useState<CoordinateTexts>(() => textsOfGeodata(stored));
  const [view, setView] = useState<MapView>(() => initialMapView(stored));
  const [shown, setShown] = useState<GeodataValue | undefined>(stored);
  const emitter = useDebouncedEmit<GeodataValue | undefined>(onChange, GEODATA_DEBOUNCE_MS);

  // A value set from outside (a draft loaded, a discard, a place chosen) replaces what the fields show and moves the
  // map to it; the field's own emitted value comes back equal to what is typed and changes nothing.
  if (!sameValue(stored, shown)) {
    setShown(stored);
    if (!sameValue(stored, geodataFromTexts(texts))) {
      setTexts(textsOfGeodata(stored));
      emitter.cancel();
    }
    if (stored) setView((current) => ({ center: stored, zoom: shown ? current.zoom : GEODATA_INITIAL_ZOOM.withValue }));
  }

  const setPoint = (point: GeodataValue) => {
    emitter.cancel();
    setTexts(textsOfGeodata(point));
    onChange(point);
    onBlur();
  };

  const handleType = (field: CoordinateField, text: string) => {
    const change = changeCoordinate(texts, { field, text });
    if (change.kind === 'ignored') return;
    setTexts(change.texts);
    emitter.push(change.value);
  };

  const handleChoose = async (placeId: string) => {
    try {
      const place = await fetchPlaceDetails(api, placeId);
      if (!place) return;
      const { lat, lng } = place.geometry.location;
      setPoint({ latitude: lat, longitude: lng });
      onPlaceChosen?.(place);
    } catch (error) {
      console.warn('The place details could not be fetched.', error);
    }
  };

  return (
    <FieldFrame input={input} errors={errors} id={id}>
      <div role="group" aria-labelledby={`${id}-label`}>
        {!disabled && <PlaceSearch disabled={disabled} onChoose={(placeId) => void handleChoose(placeId)} />}
        <GeodataMap
          view={view}
          value={stored}
          disabled={disabled}
          onViewChange={setView}
          onPick={(point) => setPoint({ ...point, ...(stored?.altitude === undefined ? {} : { altitude: stored.altitude }) })}
        />
        <Group grow gap="xs" mt="xs">
          {FIELDS.map(({ field, label, placeholder }) => (
            <TextInput
              key={field}
              label={label}
              placeholder={placeholder}
              inputMode="decimal"
              disabled={disabled}
              value={texts[field]}
              onChange={(event) => handleType(field, event.currentTarget.value)}
              onBlur={() => {
                emitter.flush();
                onBlur();
              }}
            />
          ))}
        </Group>
      </div>
    </FieldFrame>
  );
}
