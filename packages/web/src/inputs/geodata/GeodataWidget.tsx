import { useCallback, useState } from 'react';
import { PLACE_FILLED_INPUTS, placeFilledValues, type PlaceDetails } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { useEditorStoreApi } from '../../editor-state/EditorStoreContext.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { GeodataInput } from './GeodataInput.tsx';
import { TimeZoneChangeModal, type TimeZoneChange } from './TimeZoneChangeModal.tsx';
import { fetchTimeZone } from './placesApi.ts';

/** The asset's time zone input (event profiles): the zone its dates are shown in. */
export const TIME_ZONE_INPUT = 'timezone';

/**
 * A geodata field (spec 002 §3, §4) bound to the open asset. Choosing a place fills the asset's title (while empty),
 * venue, location, country-name and country-code inputs it has; then the zone at the place is looked up and, when the
 * asset has a time zone that differs, the time zone change modal (spec 002 §2) offers it. A failed lookup or a
 * status other than OK closes the dialog silently (spec 002 §8).
 */
export function GeodataWidget({ input, value, onChange, onBlur, disabled, errors, path }: WidgetProps) {
  const store = useEditorStoreApi();
  const api = useApiClient();
  const [change, setChange] = useState<TimeZoneChange | null>(null);
  const isTopLevel = path.length === 1;

  const handlePlaceChosen = useCallback(
    async (place: PlaceDetails) => {
      if (!isTopLevel) return;
      const state = store.getState();
      const names = new Set(state.inputs.map((candidate) => candidate.name));
      const filled = placeFilledValues(place, { title: state.values.title });
      for (const name of PLACE_FILLED_INPUTS) {
        const filledValue = filled[name];
        if (filledValue !== undefined && names.has(name)) state.setValue([name], filledValue);
      }
      const timeZoneInput = state.inputs.find((candidate) => candidate.name === TIME_ZONE_INPUT);
      if (!timeZoneInput) return;
      try {
        const answer = await fetchTimeZone(api, { latitude: place.geometry.location.lat, longitude: place.geometry.location.lng });
        const current = store.getState().values[TIME_ZONE_INPUT];
        const currentZone = typeof current === 'string' && current !== '' ? current : typeof timeZoneInput.default === 'string' ? timeZoneInput.default : 'UTC';
        if (answer.status === 'OK' && answer.timeZoneId && answer.timeZoneId !== currentZone) setChange({ current: currentZone, next: answer.timeZoneId });
        else setChange(null);
      } catch (error) {
        console.warn('The time zone lookup failed.', error);
        setChange(null);
      }
    },
    [api, isTopLevel, store],
  );

  return (
    <>
      <GeodataInput input={input} value={value} onChange={onChange} onBlur={onBlur} disabled={disabled} errors={errors} onPlaceChosen={(place) => void handlePlaceChosen(place)} />
      <TimeZoneChangeModal
        change={change}
        onClose={() => setChange(null)}
        onApply={(zone) => {
          store.getState().setValue([TIME_ZONE_INPUT], zone);
          setChange(null);
        }}
      />
    </>
  );
}
