import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLACE_AUTOCOMPLETE_PATH, PLACE_DETAILS_PATH, TIME_ZONE_PATH, type InputDefinition } from '@editor/domain';
import { ApiClientProvider } from '../../api/ApiClientProvider.tsx';
import type { Credentials } from '../../api/client.ts';
import { createQueryClient } from '../../api/createQueryClient.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { renderField } from '../../test/renderField.tsx';

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

const credentials = async (): Promise<Credentials> => ({ idToken: 'test-id-token', roleOverride: null });

const GEOLOCATION: InputDefinition = { name: 'geolocation', type: 'geodata', view: { label: 'Place', hint: 'Choosing a place fills venue, location, country name and country code.' } };
const text = (name: string, label: string): InputDefinition => ({ name, type: 'text', view: { label } });
const EVENT_INPUTS: InputDefinition[] = [
  text('title', 'Title'),
  { ...text('timezone', 'Time zone'), default: 'UTC' },
  text('venue', 'Venue'),
  text('location', 'Location'),
  text('country-name', 'Country name'),
  text('country-code', 'Country code'),
];

const SALZBURG = {
  place_id: 'geonames:2766824',
  name: 'Salzburg',
  formatted_address: 'Salzburg, Austria',
  geometry: { location: { lat: 47.79941, lng: 13.04399 } },
  address_components: [
    { long_name: 'Salzburg', short_name: 'Salzburg', types: ['locality', 'political'] },
    { long_name: 'Austria', short_name: 'AT', types: ['country', 'political'] },
  ],
  types: ['locality', 'political'],
};
const PREDICTIONS = {
  status: 'OK',
  predictions: [
    { place_id: 'geonames:2766824', description: 'Salzburg, Austria', structured_formatting: { main_text: 'Salzburg', secondary_text: 'Austria' }, types: ['locality', 'political', 'geocode'] },
    { place_id: 'geonames:2842884', description: 'Salzgitter, Germany', structured_formatting: { main_text: 'Salzgitter', secondary_text: 'Germany' }, types: ['locality', 'political', 'geocode'] },
  ],
};
const VIENNA = { status: 'OK', timeZoneId: 'Europe/Vienna', timeZoneName: 'Central European Standard Time', rawOffset: 3600, dstOffset: 0 };

function renderGeodata(options: { values?: Record<string, unknown>; siblings?: InputDefinition[]; isReadonly?: boolean; handlers?: Record<string, Handler> } = {}) {
  const api = installFakeApi({
    [`GET ${PLACE_AUTOCOMPLETE_PATH}`]: { status: 200, body: PREDICTIONS },
    [`GET ${PLACE_DETAILS_PATH}`]: { status: 200, body: { status: 'OK', result: SALZBURG } },
    [`GET ${TIME_ZONE_PATH}`]: { status: 200, body: VIENNA },
    ...options.handlers,
  });
  const view = renderField(GEOLOCATION, options.values ?? {}, {
    siblings: options.siblings ?? EVENT_INPUTS,
    isReadonly: options.isReadonly ?? false,
    wrapper: (children) => (
      <ApiClientProvider getCredentials={credentials}>
        <QueryClientProvider client={createQueryClient({ retry: false })}>{children}</QueryClientProvider>
      </ApiClientProvider>
    ),
  });
  return { ...view, api };
}

const map = () => screen.getByRole('img', { name: /^Map/ });
const mapUrl = () => new URL(map().getAttribute('src') ?? '', 'http://localhost');

async function choosePlace(user: ReturnType<typeof renderGeodata>['user']) {
  await user.type(screen.getByRole('combobox', { name: 'Search a place' }), 'salz');
  await user.click(await screen.findByRole('option', { name: 'Salzburg, Austria' }, { timeout: 2000 }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the geodata input (spec 002 §3, §4, §5, §9)', () => {
  it('shows the world at zoom 2 without a value, and emits a value once latitude and longitude are typed', async () => {
    const { user, valueOf } = renderGeodata();
    expect(mapUrl().pathname).toBe('/maps/api/staticmap');
    expect(mapUrl().searchParams.get('zoom')).toBe('2');
    expect(mapUrl().searchParams.get('markers')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '-33.5');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(valueOf()).toBeUndefined();
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '151.2');
    await waitFor(() => expect(valueOf()).toEqual({ latitude: -33.5, longitude: 151.2 }));
    await user.type(screen.getByRole('textbox', { name: 'Altitude' }), '58');
    await user.tab();
    expect(valueOf()).toEqual({ latitude: -33.5, longitude: 151.2, altitude: 58 });
    // The map moves to the point and opens at zoom 8 once there is one.
    expect(mapUrl().searchParams.get('markers')).toBe('-33.5,151.2');
    expect(mapUrl().searchParams.get('zoom')).toBe('8');
  });

  it('ignores a change that is not numeric', async () => {
    const { user, valueOf } = renderGeodata({ values: { geolocation: { latitude: 47.8, longitude: 13.04 } } });
    const latitude = screen.getByRole('textbox', { name: 'Latitude' });
    await user.type(latitude, 'N');
    expect(latitude).toHaveValue('47.8');
    await user.clear(screen.getByRole('textbox', { name: 'Longitude' }));
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '200');
    expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveValue('20');
    await user.tab();
    expect(valueOf()).toEqual({ latitude: 47.8, longitude: 20 });
  });

  it('opens at zoom 8 on a value with its marker, and zooms in and out', async () => {
    const { user } = renderGeodata({ values: { geolocation: { latitude: 47.79941, longitude: 13.04399 } } });
    expect(Object.fromEntries(mapUrl().searchParams)).toEqual({ center: '47.79941,13.04399', zoom: '8', size: '600x450', markers: '47.79941,13.04399' });
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(mapUrl().searchParams.get('zoom')).toBe('9');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(mapUrl().searchParams.get('zoom')).toBe('7');
  });

  it('sets the point where the map is clicked', async () => {
    const { valueOf } = renderGeodata({ values: { geolocation: { latitude: 0, longitude: 0, altitude: 12 } } });
    vi.spyOn(map(), 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 300, height: 225, right: 300, bottom: 225, x: 0, y: 0, toJSON: () => ({}) });
    // Drawn at half size: 150 px right of the centre is 300 map pixels, at zoom 8 (65,536 px round the world).
    fireEvent.click(map(), { clientX: 300, clientY: 112.5 });
    expect(valueOf()).toEqual({ latitude: 0, longitude: 1.64795, altitude: 12 });
    expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveValue('1.64795');
  });

  it('searches places, fills the point and the place inputs, and offers the new time zone', async () => {
    const { user, api, valueOf } = renderGeodata({ values: { timezone: 'UTC' } });
    await choosePlace(user);
    const search = api.requests.find((request) => request.path === PLACE_AUTOCOMPLETE_PATH);
    expect(search?.query.get('input')).toBe('salz');
    await waitFor(() => expect(valueOf()).toEqual({ latitude: 47.79941, longitude: 13.04399 }));
    expect(['title', 'venue', 'location', 'country-name', 'country-code'].map((name) => valueOf(name))).toEqual(['Salzburg', 'Salzburg', 'Salzburg', 'Austria', 'AT']);
    const dialog = await screen.findByRole('dialog', { name: 'Change the time zone?' });
    const lookup = api.requests.find((request) => request.path === TIME_ZONE_PATH);
    expect(lookup?.query.get('location')).toBe('47.79941,13.04399');
    expect(Number(lookup?.query.get('timestamp'))).toBeCloseTo(Date.now() / 1000, -2);
    expect(within(dialog).getByText('The new place is in the time zone Europe/Vienna. The time zone of this asset is UTC.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Change to Europe/Vienna' }));
    expect(valueOf('timezone')).toBe('Europe/Vienna');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps a written title and the time zone when Keep is chosen', async () => {
    const { user, valueOf } = renderGeodata({ values: { title: 'Red Bull Dolomitenmann', timezone: 'Europe/Rome' } });
    await choosePlace(user);
    const dialog = await screen.findByRole('dialog', { name: 'Change the time zone?' });
    expect(valueOf('title')).toBe('Red Bull Dolomitenmann');
    await user.click(within(dialog).getByRole('button', { name: 'Keep Europe/Rome' }));
    expect(valueOf('timezone')).toBe('Europe/Rome');
  });

  it.each<[string, Handler]>([
    ['fails', { status: 500, body: { status: 500, messages: ['boom'] } }],
    ['answers ZERO_RESULTS', { status: 200, body: { status: 'ZERO_RESULTS' } }],
    ['answers the zone the asset has', { status: 200, body: { ...VIENNA, timeZoneId: 'UTC' } }],
  ])('shows no time zone dialog when the lookup %s', async (_case, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, api, valueOf } = renderGeodata({ values: { timezone: 'UTC' }, handlers: { [`GET ${TIME_ZONE_PATH}`]: answer } });
    await choosePlace(user);
    await waitFor(() => expect(api.requests.some((request) => request.path === TIME_ZONE_PATH)).toBe(true));
    await waitFor(() => expect(valueOf('country-code')).toBe('AT'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(valueOf('timezone')).toBe('UTC');
    warn.mockRestore();
  });

  it('asks no time zone where the asset has none (a story)', async () => {
    const { user, api, valueOf } = renderGeodata({ siblings: [text('title', 'Title')] });
    await choosePlace(user);
    await waitFor(() => expect(valueOf()).toEqual({ latitude: 47.79941, longitude: 13.04399 }));
    expect(valueOf('title')).toBe('Salzburg');
    expect(api.requests.some((request) => request.path === TIME_ZONE_PATH)).toBe(false);
  });

  it('read-only: the map and the numbers without search, nothing editable', () => {
    renderGeodata({ values: { geolocation: { latitude: 47.8, longitude: 13.04 } }, isReadonly: true });
    expect(screen.queryByRole('combobox', { name: 'Search a place' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toBeDisabled();
    expect(mapUrl().searchParams.get('markers')).toBe('47.8,13.04');
  });
});
