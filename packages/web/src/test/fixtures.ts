import type { AppConfig, Filters, UserResponse, UserSettings } from '@editor/domain';

export const TEST_ORIGIN = window.location.origin;

export function buildConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    environment: 'production',
    oidc: { authority: `${TEST_ORIGIN}/oidc`, clientId: 'editor-app', scope: 'openid email profile rbshortname groups' },
    links: { help: '/help/eaql', featuring: null, analytics: null, editorialCalendar: null, cultureSite: null, sportsSite: null, eventsFaq: null, teamSupport: null, uriSlugRegistry: null, experienceSite: null },
    spaces: ['rbcom', 'rbtv', 'global', 'illume', 'wrc'],
    localizations: ['en', 'de', 'fr', 'es', 'ja'],
    features: [],
    callToActionAddresses: {},
    aiImageDescriptions: true,
    spaceLocales: {},
    eventProfileSpaces: [],
    allowsImageGalleries: true,
    ...overrides,
  };
}

export function buildUser(
  overrides: Partial<Omit<UserResponse, 'settings' | 'filters'>> & {
    settings?: Partial<UserSettings>;
    filters?: Array<{ id: string; filters: Filters }>;
  } = {},
): UserResponse {
  const { settings, filters = [], ...rest } = overrides;
  return {
    id: 'editor',
    name: 'Emma Editor',
    email: 'editor@editor-app.local',
    shortname: 'editor',
    roles: ['content-editor', 'translator'],
    spaces: ['rbcom', 'global'],
    localizations: ['en', 'de', 'fr'],
    hasDashboardAccess: true,
    settings: {
      preferredLocalization: null,
      defaultSpace: null,
      defaultFilter: null,
      useAutoFilter: null,
      ...settings,
      _links: { self: { href: '/api/v1/user/settings', methods: ['GET', 'PUT'] } },
    },
    filters: filters.map((filter) => ({ ...filter, _links: { self: { href: `/api/v1/user/filters/${filter.id}`, methods: ['DELETE'] } } })),
    _links: {
      self: { href: '/api/v1/user', methods: ['GET'] },
      'p:filters': { href: '/api/v1/user/filters', methods: ['POST'] },
    },
    ...rest,
  };
}

export const technicalAdmin = (): UserResponse =>
  buildUser({
    id: 'admin',
    name: 'Ada Admin',
    roles: ['admin', 'technical-admin-user', 'content-manager'],
    spaces: ['rbcom', 'rbtv', 'global', 'illume', 'wrc'],
    localizations: ['en', 'de', 'fr', 'es', 'ja'],
  });

export const hubUser = (): UserResponse =>
  buildUser({ id: 'hub', name: 'Hanna Hub', roles: ['content-editor', 'content-hub-manager'], spaces: ['illume'], localizations: ['en'], hasDashboardAccess: false });
