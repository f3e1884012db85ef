import type { Dispatch, SetStateAction } from 'react';
import { Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { placeFilledValues, type PlaceDetails } from '@editor/domain';
import { useApiClient } from '../../api/ApiClientProvider.tsx';
import { PlaceSearch } from '../../inputs/geodata/PlaceSearch.tsx';
import { fetchPlaceDetails, fetchTimeZone } from '../../inputs/geodata/placesApi.ts';
import { setupErrors, type EventSetup } from './eventSetup.ts';

const STATUS_OPTIONS = [
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'postponed', label: 'Postponed' },
];

/**
 * Spec 001 §2.5 event-setup: the event's data as the new profile starts with it. Start and End are wall clocks in
 * the time zone below; changing the zone keeps them as shown. A place chosen in the search sets
 * the point, venue, location and country, and the time zone at the place (a failed lookup keeps the zone).
 */
export function EventSetupStep({ setup, onChange }: { setup: EventSetup; onChange: Dispatch<SetStateAction<EventSetup>> }) {
  const api = useApiClient();
  const errors = setupErrors(setup);
  const set = (change: Partial<EventSetup>) => onChange((current) => ({ ...current, ...change }));

  const handlePlaceChosen = async (placeId: string) => {
    let place: PlaceDetails | undefined;
    try {
      place = await fetchPlaceDetails(api, placeId);
    } catch {
      return;
    }
    if (!place) return;
    const filled = placeFilledValues(place, { title: setup.title });
    const point = { latitude: place.geometry.location.lat, longitude: place.geometry.location.lng };
    set({ point, place: { venue: filled.venue, location: filled.location, countryName: filled['country-name'], countryCode: filled['country-code'] } });
    try {
      const zone = await fetchTimeZone(api, point);
      if (zone.status === 'OK' && zone.timeZoneId) set({ timeZone: zone.timeZoneId });
    } catch {
      // Spec 002 §8: a failed time zone lookup shows nothing; the zone stays.
    }
  };

  const zoneText = `Local time in ${setup.timeZone.trim() || 'UTC'}`;
  const placeText = [setup.place.venue, setup.place.countryName].filter(Boolean).join(', ');
  return (
    <Stack gap="sm">
      <TextInput label="Title" required value={setup.title} onChange={(event) => set({ title: event.currentTarget.value })} error={errors.title} />
      <Group grow align="flex-start">
        <TextInput type="datetime-local" label="Start" description={zoneText} required value={setup.start} onChange={(event) => set({ start: event.currentTarget.value })} error={errors.start} />
        <TextInput type="datetime-local" label="End" description={zoneText} value={setup.end} onChange={(event) => set({ end: event.currentTarget.value })} />
      </Group>
      <PlaceSearch disabled={false} onChoose={(placeId) => void handlePlaceChosen(placeId)} />
      <Text size="sm" aria-label="Place">
        {placeText || '–'}
        {setup.point && (
          <Text span size="xs" c="dimmed">
            {` (${setup.point.latitude.toFixed(4)}, ${setup.point.longitude.toFixed(4)})`}
          </Text>
        )}
      </Text>
      <Group grow align="flex-start">
        <TextInput label="Time zone" required value={setup.timeZone} onChange={(event) => set({ timeZone: event.currentTarget.value })} error={errors.timeZone} />
        <Select label="Status" data={STATUS_OPTIONS} value={setup.status} allowDeselect={false} onChange={(value) => value && set({ status: value as EventSetup['status'] })} />
      </Group>
      <TextInput label="URI title" description="The URL slug of the event profile; leave empty for none." value={setup.uriTitle} onChange={(event) => set({ uriTitle: event.currentTarget.value.trim() })} error={errors.uriTitle} />
      <Switch
        label="Create Quick Event version"
        description="Turn on to only create a quick version of an upcoming event."
        checked={setup.quickEvent}
        onChange={(event) => set({ quickEvent: event.currentTarget.checked })}
      />
    </Stack>
  );
}
