import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EVENT_PROFILE_POLL_PATH, type AppConfig, type StencilSummary } from '@editor/domain';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import type { FakeResponse, RecordedRequest } from '../../test/fakeApi.ts';
import { buildEvent, buildListItem, buildListResponse, eventsAnswer, failure, openDashboard, requestsTo } from '../dashboard/dashboardTestKit.ts';

const ID = '8f62a697-57ed-4de4-90f4-fd30ab99e0ce';
const EVENTS = 'GET /api/v1/events';
const PAST = 'GET /api/v1/events/past';
const CREATE_DE = 'POST /api/v1/assets/-/localizations/de';
const POLL_DE = `GET ${EVENT_PROFILE_POLL_PATH}/${ID}-de`;
const CLAIM_DE = 'PATCH /api/crepo/urislug-registry/uriSlugs/rbcom:de-INT:cliff-diving-mostar-2027/relationships/claimingResource';
const SET_URL_DE = `PATCH /api/v1/assets/${ID}/localizations/de`;
const version = { status: 200, body: { id: ID, localization: 'de' } } satisfies FakeResponse;
const claimed: FakeResponse = { status: 200, body: { conflictAssetId: null, localization: null, message: null, isClaimPending: false } };
const creation = { [CREATE_DE]: { status: 201, body: { id: ID, localization: 'de' } }, [POLL_DE]: version, [CLAIM_DE]: claimed, [SET_URL_DE]: version };

const wizard = () => screen.findByRole('dialog', { name: 'Create Event Profile' });
const buttonsOf = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .map((button) => button.textContent)
    .filter((text) => text === 'Cancel' || text === 'Back' || text === 'Continue' || text === 'Create' || text === 'Go To');

/** Opens the wizard from Event Opportunities on the dashboard's first event. */
async function openFromDashboard(answers: Record<string, FakeResponse | ((request: RecordedRequest) => FakeResponse)> = {}, event = buildEvent(), config: Partial<AppConfig> = {}) {
  const view = await openDashboard({ answers: { [EVENTS]: eventsAnswer([event]), ...answers }, config });
  const widget = await screen.findByRole('region', { name: 'Event Opportunities' });
  await view.user.click(await within(widget).findByRole('button', { name: /Cliff Diving Mostar 2027/ }));
  return { ...view, dialog: await wizard() };
}

async function chooseGerman(view: Awaited<ReturnType<typeof openFromDashboard>>, basis: 'A new event profile' | 'An existing event' = 'A new event profile') {
  await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
  await view.user.click(within(view.dialog).getByRole('combobox', { name: 'Localisation' }));
  await view.user.click(await screen.findByRole('option', { name: 'de' }));
  await view.user.click(within(view.dialog).getByRole('radio', { name: basis }));
}

// The whole app renders in each test; machines of two shared cores need more than the default 5 s.
describe('the event wizard (spec 001 §2.5)', { timeout: 30_000 }, () => {
  it('previews the dashboard event with Cancel and Continue, then asks for a locale the event does not have', async () => {
    const view = await openFromDashboard({}, buildEvent({ translations: ['fr'] }));
    expect(within(view.dialog).getByText('Cliff Diving Mostar 2027')).toBeVisible();
    expect(buttonsOf(view.dialog)).toEqual(['Cancel', 'Continue']);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    expect(buttonsOf(view.dialog)).toEqual(['Cancel', 'Continue']);
    expect(within(view.dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await view.user.click(within(view.dialog).getByRole('combobox', { name: 'Localisation' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['de']);
    await view.user.click(screen.getByRole('option', { name: 'de' }));
    expect(within(view.dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await view.user.click(within(view.dialog).getByRole('radio', { name: 'A new event profile' }));
    expect(within(view.dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('offers only the locales allowed for the event’s first space (spec 001 §5)', async () => {
    const view = await openFromDashboard({}, buildEvent({ translations: [], spaces: ['rbcom'] }), { spaceLocales: { rbcom: ['en', 'fr'] } });
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    await view.user.click(within(view.dialog).getByRole('combobox', { name: 'Localisation' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['fr']);
  });

  it("creates nothing for an event of 'show only existing': its profile is reached with Go To (spec 001 §4 create flag)", async () => {
    const profile = buildListItem({ id: 'p-en', title: 'Cliff Diving Mostar 2027', stencil: 'event-profile', localization: 'en' });
    const view = await openDashboard({
      answers: {
        'GET /api/v1/events/maintainable': eventsAnswer([buildEvent()]),
        'GET /api/v1/assets': (request) => ({ status: 200, body: buildListResponse({ items: request.query.get('stencil') === 'event-profile' ? [profile] : [] }) }),
      },
    });
    const widget = await screen.findByRole('region', { name: 'Event Opportunities' });
    await view.user.click(within(widget).getByRole('radio', { name: 'show only existing' }));
    await view.user.click(await within(widget).findByRole('button', { name: /Cliff Diving Mostar 2027/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Event Profile' });
    await within(dialog).findByRole('button', { name: 'Go To' });
    expect(buttonsOf(dialog)).toEqual(['Cancel', 'Go To']);
    await view.user.click(within(dialog).getByRole('button', { name: 'Go To' }));
    await expect.poll(() => view.router.state.location.pathname).toBe('/assets/p-en/localizations/en/edit');
  });

  it("sets up a new profile from the event's data with Back and Create; Create waits for a title", async () => {
    const view = await openFromDashboard({}, buildEvent({ status: 'Tentative', startDate: { dateTimeUTC: '2027-07-10T10:00:00.000Z', targetTimezone: '' } }));
    await chooseGerman(view);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    expect(buttonsOf(view.dialog)).toEqual(['Back', 'Create']);
    expect(within(view.dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Cliff Diving Mostar 2027');
    expect(within(view.dialog).getByRole('textbox', { name: 'Time zone' })).toHaveValue('UTC');
    expect(within(view.dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('Confirmed');
    expect(within(view.dialog).getByRole('textbox', { name: 'URI title' })).toHaveValue('cliff-diving-mostar-2027');
    expect(within(view.dialog).getByRole('switch', { name: /^Create Quick Event version/ })).not.toBeChecked();
    expect(within(view.dialog).getByText('Turn on to only create a quick version of an upcoming event.')).toBeVisible();
    await view.user.clear(within(view.dialog).getByRole('textbox', { name: 'Title' }));
    expect(within(view.dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Back' }));
    expect(within(view.dialog).getByRole('combobox', { name: 'Localisation' })).toHaveValue('de');
  });

  it('creates the profile, confirms it by polling, claims its URL, toasts and opens the editor', async () => {
    const view = await openFromDashboard(creation);
    await chooseGerman(view);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    await view.user.click(within(view.dialog).getByRole('switch', { name: /^Create Quick Event version/ }));
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Event Profile has been created and is now ready to publish', undefined, { timeout: 5000 })).toBeVisible();
    await expect.poll(() => view.router.state.location.pathname).toBe(`/assets/${ID}/localizations/de/edit`);
    const create = requestsTo(view.api.requests, CREATE_DE)[0];
    expect(create?.query.get('space')).toBe('rbcom');
    expect(create?.body).toMatchObject({
      content: {
        title: { value: 'Cliff Diving Mostar 2027' },
        'event-start-date': { value: { date: '2027-07-10T10:00:00.000Z', isDateOnly: false, timezone: 'Europe/Sarajevo' } },
        'event-status': { value: 'confirmed' },
        'quick-event': { value: true },
        standalone: { value: false },
        geolocation: { value: { latitude: 43.34, longitude: 17.81 } },
      },
    });
    expect(requestsTo(view.api.requests, CLAIM_DE)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Create Event Profile' })).toBeNull();
  });

  it("enters Start and End as wall clocks in the event's time zone and keeps them when the zone changes", async () => {
    const view = await openFromDashboard(creation);
    await chooseGerman(view);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    // Europe/Sarajevo is two hours east of UTC in July.
    expect(within(view.dialog).getByLabelText('Start', { exact: false })).toHaveValue('2027-07-10T12:00');
    expect(within(view.dialog).getByLabelText('End')).toHaveValue('2027-07-11T20:00');
    expect(within(view.dialog).getAllByText('Local time in Europe/Sarajevo')).toHaveLength(2);
    const zone = within(view.dialog).getByRole('textbox', { name: 'Time zone' });
    await view.user.clear(zone);
    await view.user.type(zone, 'America/New_York');
    expect(within(view.dialog).getByLabelText('Start', { exact: false })).toHaveValue('2027-07-10T12:00');
    // Europe/Berlin changes to summer time at 02:00 on 28 March 2027: 03:30 there is 01:30 UTC.
    fireEvent.change(within(view.dialog).getByLabelText('End'), { target: { value: '2027-03-28T03:30' } });
    await view.user.clear(zone);
    await view.user.type(zone, 'Europe/Atlantis');
    expect(within(view.dialog).getByText('The selected option is not supported in this field.')).toBeVisible();
    expect(within(view.dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await view.user.clear(zone);
    await view.user.type(zone, 'America/New_York');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Create' }));

    await expect.poll(() => view.router.state.location.pathname, { timeout: 5000 }).toBe(`/assets/${ID}/localizations/de/edit`);
    expect(requestsTo(view.api.requests, CREATE_DE)[0]?.body).toMatchObject({
      content: {
        timezone: { value: 'America/New_York' },
        'event-start-date': { value: { date: '2027-07-10T16:00:00.000Z', isDateOnly: false, timezone: 'America/New_York' } },
        'event-end-date': { value: { date: '2027-03-28T07:30:00.000Z', isDateOnly: false, timezone: 'America/New_York' } },
      },
    });
  });

  it('stores a wall clock across a daylight-saving change at the instant it has in the zone', async () => {
    const view = await openFromDashboard(creation, buildEvent({ startDate: { dateTimeUTC: '2027-03-27T23:00:00.000Z', targetTimezone: 'Europe/Berlin' }, endDate: { dateTimeUTC: '2027-03-28T16:00:00.000Z', targetTimezone: 'Europe/Berlin' } }));
    await chooseGerman(view);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    expect(within(view.dialog).getByLabelText('Start', { exact: false })).toHaveValue('2027-03-28T00:00');
    // Summer time starts at 02:00 on 28 March 2027 in Berlin: 03:30 there is 01:30 UTC, not 02:30.
    fireEvent.change(within(view.dialog).getByLabelText('Start', { exact: false }), { target: { value: '2027-03-28T03:30' } });
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Create' }));
    await expect.poll(() => view.router.state.location.pathname, { timeout: 5000 }).toBe(`/assets/${ID}/localizations/de/edit`);
    expect(requestsTo(view.api.requests, CREATE_DE)[0]?.body).toMatchObject({
      content: { 'event-start-date': { value: { date: '2027-03-28T01:30:00.000Z', timezone: 'Europe/Berlin' } } },
    });
  });

  it("closes with 'Event Asset could not be created' when the asset cannot be created", async () => {
    const view = await openFromDashboard({ [CREATE_DE]: failure() });
    await chooseGerman(view);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Event Asset could not be created')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Create Event Profile' })).toBeNull();
    expect(view.router.state.location.pathname).toBe('/dashboard');
  });

  it('says the URL will not be applied when the claim fails, and still opens the new profile', async () => {
    const view = await openFromDashboard({ ...creation, [CLAIM_DE]: { status: 409, body: { status: 409, messages: ['A claim is pending.'] } } });
    await chooseGerman(view);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The selected URL will not be applied to the created event', undefined, { timeout: 5000 })).toBeVisible();
    await expect.poll(() => view.router.state.location.pathname).toBe(`/assets/${ID}/localizations/de/edit`);
    expect(requestsTo(view.api.requests, SET_URL_DE)).toHaveLength(0);
  });

  it('bases a profile on a similar event: Continue waits for one, then copy-data with Back and Create copies its content', async () => {
    const similar = buildEvent({ id: 'past-1', title: 'Cliff Diving Mostar 2026' });
    const source = buildListItem({ id: 'p-2026', title: 'Cliff Diving Mostar 2026', stencil: 'event-profile', localization: 'en' });
    const view = await openFromDashboard({
      ...creation,
      [PAST]: eventsAnswer([similar]),
      'GET /api/v1/assets': (request) => ({ status: 200, body: buildListResponse({ items: request.query.get('q') === 'Cliff Diving Mostar 2026' ? [source] : [] }) }),
      'GET /api/v1/assets/p-2026/localizations/en': { status: 200, body: buildAssetVersion({ id: 'p-2026', stencil: 'event-profile', content: { teaser: { name: 'teaser', type: 'text', value: 'Dives from 27 metres.' } } }) },
    });
    await chooseGerman(view, 'An existing event');
    expect(within(view.dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await view.user.click(await within(view.dialog).findByRole('button', { name: /Cliff Diving Mostar 2026/ }));
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    expect(buttonsOf(view.dialog)).toEqual(['Back', 'Continue']);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(view.dialog).findByRole('checkbox', { name: 'Teaser' })).toBeChecked();
    expect(buttonsOf(view.dialog)).toEqual(['Back', 'Create']);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Create' }));
    await expect.poll(() => view.router.state.location.pathname, { timeout: 5000 }).toBe(`/assets/${ID}/localizations/de/edit`);
    expect(requestsTo(view.api.requests, CREATE_DE)[0]?.body).toMatchObject({ content: { teaser: { value: 'Dives from 27 metres.' } } });
  });

  it("offers Reload Content when the similar event's profile cannot be fetched", async () => {
    let calls = 0;
    const view = await openFromDashboard({
      [PAST]: eventsAnswer([buildEvent({ id: 'past-1', title: 'Cliff Diving Mostar 2026' })]),
      'GET /api/v1/assets': (request) => (request.query.get('q') === 'Cliff Diving Mostar 2026' && ++calls === 1 ? failure() : { status: 200, body: buildListResponse({ items: [] }) }),
    });
    await chooseGerman(view, 'An existing event');
    await view.user.click(await within(view.dialog).findByRole('button', { name: /Cliff Diving Mostar 2026/ }));
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    await view.user.click(await within(view.dialog).findByRole('button', { name: 'Reload Content' }));
    expect(await within(view.dialog).findByText('Cliff Diving Mostar 2026 has no event profile content to copy.')).toBeVisible();
  });

  it("shows 'No similar events found' and, on a failed search, 'No assets found' with Reload Assets", async () => {
    let calls = 0;
    const view = await openFromDashboard({ [PAST]: () => (++calls === 1 ? failure() : eventsAnswer([])) });
    await chooseGerman(view, 'An existing event');
    expect(await within(view.dialog).findByText('No assets found')).toBeVisible();
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Reload Assets' }));
    expect(await within(view.dialog).findByText('No similar events found')).toBeVisible();
  });
});

const STENCILS: StencilSummary[] = [{ name: 'event-profile', label: 'Event Profile', icon: 'calendar-event', group: 'Events & Projects', previewable: true }];

/** Opens the create-content modal from the header, in German, and picks the event profile. */
async function openFromCreateContent(answers: Record<string, FakeResponse | ((request: RecordedRequest) => FakeResponse)>) {
  const view = await openDashboard({ answers: { 'GET /api/v1/stencils': { status: 200, body: STENCILS }, ...answers } });
  await view.user.click(await screen.findByRole('button', { name: 'Create Content' }));
  const modal = await screen.findByRole('dialog', { name: 'Create Content' });
  await view.user.click(within(modal).getByRole('combobox', { name: 'Localisation' }));
  await view.user.click(await screen.findByRole('option', { name: 'de' }));
  await view.user.click(await within(modal).findByRole('button', { name: 'Event Profile' }));
  return { ...view, dialog: await wizard() };
}

describe('the event wizard from the create-content modal (spec 001 §2.4, §2.5, §8)', { timeout: 30_000 }, () => {
  it('searches events, then previews the chosen one with Back and Continue, skipping the locale step', async () => {
    const view = await openFromCreateContent({ [EVENTS]: eventsAnswer([buildEvent()]) });
    await view.user.click(await within(view.dialog).findByRole('button', { name: /Cliff Diving Mostar 2027/ }));
    expect(buttonsOf(view.dialog)).toEqual(['Back', 'Continue']);
    await view.user.click(within(view.dialog).getByRole('radio', { name: 'A new event profile' }));
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Continue' }));
    expect(within(view.dialog).getByRole('textbox', { name: 'Title' })).toBeVisible();
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Back' }));
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Back' }));
    expect(within(view.dialog).getByRole('textbox', { name: 'Search events' })).toBeVisible();
  });

  it("offers Go To the profile when the event already has the locale", async () => {
    const profile = buildListItem({ id: 'p-de', title: 'Cliff Diving Mostar 2027', stencil: 'event-profile', localization: 'de' });
    const view = await openFromCreateContent({
      [EVENTS]: eventsAnswer([buildEvent({ translations: ['de'] })]),
      'GET /api/v1/assets': (request) => ({ status: 200, body: buildListResponse({ items: request.query.get('stencil') === 'event-profile' ? [profile] : [] }) }),
    });
    await view.user.click(await within(view.dialog).findByRole('button', { name: /Cliff Diving Mostar 2027/ }));
    await view.user.click(await within(view.dialog).findByRole('button', { name: 'Go To' }));
    await expect.poll(() => view.router.state.location.pathname).toBe('/assets/p-de/localizations/de/edit');
  });

  it("shows 'Events not found' and, on a failed search, the error with Reload Events", async () => {
    let calls = 0;
    // The dashboard's own event list asks with the user's locales; the wizard's search does not.
    const view = await openFromCreateContent({ [EVENTS]: (request) => (!request.query.has('locales') && ++calls === 1 ? failure() : eventsAnswer([])) });
    expect(await within(view.dialog).findByText('An error occurred while fetching the events')).toBeVisible();
    expect(within(view.dialog).getByText('Please try again')).toBeVisible();
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Reload Events' }));
    expect(await within(view.dialog).findByText('Events not found')).toBeVisible();
    expect(within(view.dialog).getByText('Please check your event search.')).toBeVisible();
  });
});
