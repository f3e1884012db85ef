import type { AppConfig, DashboardEvent, ScheduleResponse, TrendingAsset, UserResponse } from '@editor/domain';
import { buildListItem, buildListResponse } from '../../test/assetFixtures.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

type Answer = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

export const failure = (status = 500): FakeResponse => ({ status, body: { status, messages: ['The server failed.'] } });
/** An answer that never comes: the widget stays loading. */
export const never = (): Promise<FakeResponse> => new Promise<FakeResponse>(() => undefined);

export function buildTrendingAsset(overrides: Partial<TrendingAsset> = {}): TrendingAsset {
  return {
    id: 't1',
    localization: 'en',
    title: 'Red Bull Rampage recap',
    stencil: 'video',
    imageUrl: '/media/image/upload/t1',
    disciplines: [{ id: 'd1', title: 'Mountain Bike' }],
    additionalTrendingLocales: ['de', 'fr'],
    ...overrides,
  };
}

export function buildEvent(overrides: Partial<DashboardEvent> = {}): DashboardEvent {
  return {
    id: 'e1',
    title: 'Cliff Diving Mostar 2027',
    description: '',
    source: 'CREPO',
    meppRef: null,
    rbuRef: null,
    translations: [],
    tags: [],
    spaces: ['rbcom'],
    locale: 'en',
    startDate: { dateTimeUTC: '2027-07-10T10:00:00.000Z', targetTimezone: 'Europe/Sarajevo' },
    endDate: { dateTimeUTC: '2027-07-11T18:00:00.000Z', targetTimezone: 'Europe/Sarajevo' },
    location: { countryCode: 'BA', countryName: 'Bosnia and Herzegovina', city: 'Mostar', lat: 43.34, lng: 17.81 },
    series: null,
    hostedByProduct: true,
    status: 'Confirmed',
    featuredImage: null,
    ...overrides,
  };
}

export function buildScheduleEntry(input: { id: string; title: string; at: Date; transitionTo?: 'published' | 'unpublished' }): ScheduleResponse['scheduledAssets'][number] {
  return {
    assetLocalization: { id: input.id, localization: 'en', title: input.title, stencil: 'story', status: 'draft' },
    transitionTo: input.transitionTo ?? 'published',
    unixTimestamp: Math.floor(input.at.getTime() / 1000),
  };
}

export const eventsAnswer = (events: DashboardEvent[], totalCount = events.length): FakeResponse => ({ status: 200, body: { data: events, meta: { totalCount } } });

/**
 * Opens the dashboard as a signed-in user with every panel answering something harmless (nothing to show) and
 * settings kept as saved; `answers` replaces any of them.
 */
export async function openDashboard(input: { user?: UserResponse; answers?: Record<string, Answer>; config?: Partial<AppConfig> } = {}) {
  // The user keeps the settings a PUT stores, as the server does.
  let user = input.user ?? buildUser();
  const api = installFakeApi({
    'GET /api/v1/user': () => ({ status: 200, body: user }),
    'PUT /api/v1/user/settings': (request) => {
      user = { ...user, settings: { ...(request.body as UserResponse['settings']), _links: user.settings._links } };
      return { status: 200, body: request.body };
    },
    'GET /api/v1/assets': { status: 200, body: buildListResponse({ items: [] }) },
    'POST /api/v1/panels/trending-content': { status: 200, body: { trendingAssets: [] } },
    'POST /api/v1/panels/athletes': { status: 200, body: { athletes: [] } },
    'POST /api/v1/panels/schedules': { status: 200, body: { scheduledAssets: [] } },
    'GET /api/v1/events': eventsAnswer([]),
    'GET /api/v1/events/maintainable': eventsAnswer([]),
    ...input.answers,
  });
  const view = await renderApp({ path: '/dashboard', signedInAs: 'editor', ...(input.config ? { config: input.config } : {}) });
  return { ...view, api };
}

/** The requests to one "METHOD /path" so far. */
export const requestsTo = (requests: readonly RecordedRequest[], key: string) => requests.filter((request) => `${request.method} ${request.path}` === key);

export { buildListItem, buildListResponse };
