import { hasDashboardAccess, type UserResponse } from '@editor/domain';
import type { StoredUser } from './service.ts';

export const USER_PATH = '/api/v1/user';
export const SETTINGS_PATH = `${USER_PATH}/settings`;
export const FILTERS_PATH = `${USER_PATH}/filters`;
export const SIGN_OUT_PATH = `${USER_PATH}/sign-out`;

export function presentFilter(filter: { id: string; filters: StoredUser['filters'][number]['filters'] }) {
  return {
    id: filter.id,
    filters: filter.filters,
    _links: { self: { href: `${FILTERS_PATH}/${filter.id}`, methods: ['DELETE' as const] } },
  };
}

/** The user call's answer: original rights, stored settings (null = not chosen) and saved filters. */
export function presentUser(user: StoredUser): UserResponse {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    shortname: user.shortname,
    roles: [...user.rights.roles],
    spaces: [...user.rights.spaces],
    localizations: [...user.rights.localizations],
    hasDashboardAccess: hasDashboardAccess(user.rights.spaces),
    settings: { ...user.settings, _links: { self: { href: SETTINGS_PATH, methods: ['GET', 'PUT'] } } },
    filters: user.filters.map(presentFilter),
    _links: {
      self: { href: USER_PATH, methods: ['GET'] },
      'p:filters': { href: FILTERS_PATH, methods: ['POST'] },
    },
  };
}
