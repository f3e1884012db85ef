import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLACE_AUTOCOMPLETE_PATH, PLACE_DETAILS_PATH, STATIC_MAP_PATH, TIME_ZONE_PATH, type InputDefinition } from '@editor/domain';
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
    // The PNG's bytes do not matter here: the widget shows whatever arrives as a data: URL.
    [`GET ${STATIC_MAP_PATH}`]: { status: 200, body: 'png' },
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
  /** The query of the last map asked for. */
  const lastMap = () => api.requests.filter((request) => request.path === STATIC_MAP_PATH).at(-1)?.query;
  return { ...view, api, lastMap };
}

const map = () => screen.findByRole('img', { name: /^Map/ });
/** The image the fake server's answer becomes (the fake answers JSON, so its type is JSON's). */
const dataUrl = (body: string) => `data:application/json;base64,${btoa(JSON.stringify(body))}`;
const MAP_IMAGE = dataUrl('png');

async function choosePlace(user: ReturnType<typeof renderGeodata>['user']) {
  await user.type(screen.getByRole('combobox', { name: 'Search a place' }), 'salz');
  await user.click(await screen.findByRole('option', { name: 'Salzburg, Austria' }, { timeout: 2000 }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

// Typing and the 500 ms debounce take seconds on two shared cores.
describe('the geodata input (spec 002 §3, §4, §5, §9)', { timeout: 20_000 }, () => {
  it('shows the world at zoom 2 without a value, and emits a value once latitude and longitude are typed', async () => {
    const { user, valueOf, lastMap } = renderGeodata();
    await waitFor(() => expect(lastMap()?.get('zoom')).toBe('2'));
    expect(lastMap()?.get('markers')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '-33.5');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(valueOf()).toBeUndefined();
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '151.2');
    await waitFor(() => expect(valueOf()).toEqual({ latitude: -33.5, longitude: 151.2 }));
    await user.type(screen.getByRole('textbox', { name: 'Altitude' }), '58');
    await user.tab();
    expect(valueOf()).toEqual({ latitude: -33.5, longitude: 151.2, altitude: 58 });
    // The map moves to the point and opens at zoom 8 once there is one.
    await waitFor(() => expect(lastMap()?.get('markers')).toBe('-33.5,151.2'));
    expect(lastMap()?.get('zoom')).toBe('8');
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
    const { user, lastMap } = renderGeodata({ values: { geolocation: { latitude: 47.79941, longitude: 13.04399 } } });
    await waitFor(() => expect(lastMap()).toBeDefined());
    expect(Object.fromEntries(lastMap() ?? [])).toEqual({ center: '47.79941,13.04399', zoom: '8', size: '600x450', markers: '47.79941,13.04399' });
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(lastMap()?.get('zoom')).toBe('9'));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await waitFor(() => expect(lastMap()?.get('zoom')).toBe('7'));
  });

  it('sets the point where the map is clicked', async () => {
    const { valueOf } = renderGeodata({ values: { geolocation: { latitude: 0, longitude: 0, altitude: 12 } } });
    const image = await map();
    vi.spyOn(image, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 300, height: 225, right: 300, bottom: 225, x: 0, y: 0, toJSON: () => ({}) });
    // Drawn at half size: 150 px right of the centre is 300 map pixels, at zoom 8 (65,536 px round the world).
    fireEvent.click(image, { clientX: 300, clientY: 112.5 });
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

  it('read-only: the map and the numbers without search, nothing editable', async () => {
    const { lastMap } = renderGeodata({ values: { geolocation: { latitude: 47.8, longitude: 13.04 } }, isReadonly: true });
    expect(screen.queryByRole('combobox', { name: 'Search a place' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toBeDisabled();
    await waitFor(() => expect(lastMap()?.get('markers')).toBe('47.8,13.04'));
    expect(await map()).toHaveAccessibleName('Map of 47.8, 13.04');
  });
});

describe('the geodata map image (spec 000 §7: signed-in users only)', { timeout: 20_000 }, () => {
  it('fetches the map with the user\'s token, says it is loading meanwhile, and shows the image it got', async () => {
    const answers: Array<(response: FakeResponse) => void> = [];
    const { api } = renderGeodata({
      values: { geolocation: { latitude: 47.8, longitude: 13.04 } },
      handlers: { [`GET ${STATIC_MAP_PATH}`]: () => new Promise<FakeResponse>((resolve) => answers.push(resolve)) },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the map…');
    expect(screen.queryByRole('img', { name: /^Map/ })).not.toBeInTheDocument();
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(api.requests.find((request) => request.path === STATIC_MAP_PATH)?.headers.get('authorization')).toBe('Bearer test-id-token');
    answers[0]?.({ status: 200, body: 'png' });
    expect(await map()).toHaveAttribute('src', MAP_IMAGE);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the last map, dimmed and not clickable, while the next view loads', async () => {
    const answers: Array<(response: FakeResponse) => void> = [];
    const { user, valueOf } = renderGeodata({
      values: { geolocation: { latitude: 0, longitude: 0 } },
      handlers: { [`GET ${STATIC_MAP_PATH}`]: () => new Promise<FakeResponse>((resolve) => answers.push(resolve)) },
    });
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]?.({ status: 200, body: 'zoom 8' });
    expect(await map()).toHaveAttribute('src', dataUrl('zoom 8'));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(await map()).toHaveAttribute('src', dataUrl('zoom 8'));
    expect(screen.getByLabelText('Loading the map')).toBeInTheDocument();
    fireEvent.click(await map(), { clientX: 10, clientY: 10 });
    expect(valueOf()).toEqual({ latitude: 0, longitude: 0 });
    answers[1]?.({ status: 200, body: 'zoom 9' });
    await waitFor(async () => expect(await map()).toHaveAttribute('src', dataUrl('zoom 9')));
    expect(screen.queryByLabelText('Loading the map')).not.toBeInTheDocument();
  });

  it.each<[string, FakeResponse, string]>([
    ['the map service is busy (503)', { status: 503, body: { status: 503, messages: ['The map service is busy. Please try again in a moment.'], code: 'maps-busy' } }, 'The map service is busy. Wait a moment, then try again.'],
    ['the user asked for too many maps (429)', { status: 429, body: { status: 429, messages: ['You have asked for too many maps at once.'], code: 'too-many-maps' } }, 'The map service is busy. Wait a moment, then try again.'],
    ['the session has ended (401)', { status: 401, body: { status: 401, messages: ['Authentication required.'], code: 'unauthorized' } }, 'Your session has ended. Sign in again to see the map.'],
    ['the server fails', { status: 500, body: { status: 500, messages: ['Internal server error.'] } }, 'Check your connection, then try again.'],
  ])('says what to do when %s, and Try again asks again', async (_case, failure, hint) => {
    const { user, api } = renderGeodata({ values: { geolocation: { latitude: 47.8, longitude: 13.04 } }, handlers: { [`GET ${STATIC_MAP_PATH}`]: failure } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The map could not be loaded.');
    expect(alert).toHaveTextContent(hint);
    api.answer(`GET ${STATIC_MAP_PATH}`, { status: 200, body: 'png' });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await map()).toHaveAttribute('src', MAP_IMAGE);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
