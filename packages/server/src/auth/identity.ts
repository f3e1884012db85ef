import type { Rights } from '@editor/domain';

/** Who made a request, as the identity provider's token says. */
export interface Identity {
  id: string;
  name: string;
  email: string | null;
  shortname: string | null;
  /** The rights the provider grants, before any role override. */
  rights: Rights;
}

const SPACE_PREFIX = 'space:';
const LOCALE_PREFIX = 'locale:';

/**
 * Rights travel in the `groups` claim: a plain group is a role, `space:<id>` a space, `locale:<id>` a locale.
 * This is the one contract a company provider has to meet (docs/decisions.md).
 */
export function rightsFromGroups(groups: readonly string[]): Rights {
  const roles: string[] = [];
  const spaces: string[] = [];
  const localizations: string[] = [];
  for (const group of groups) {
    if (group.startsWith(SPACE_PREFIX)) spaces.push(group.slice(SPACE_PREFIX.length));
    else if (group.startsWith(LOCALE_PREFIX)) localizations.push(group.slice(LOCALE_PREFIX.length));
    else roles.push(group);
  }
  return { roles, spaces, localizations };
}

export function groupsFromRights(rights: Rights): string[] {
  return [
    ...rights.roles,
    ...rights.spaces.map((space) => SPACE_PREFIX + space),
    ...rights.localizations.map((locale) => LOCALE_PREFIX + locale),
  ];
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Builds the identity from verified ID-token claims. */
export function identityFromClaims(claims: Record<string, unknown>): Identity {
  const id = stringClaim(claims.sub);
  if (!id) throw new Error('token has no subject');
  const groups = Array.isArray(claims.groups) ? claims.groups.filter((g): g is string => typeof g === 'string') : [];
  const shortname = stringClaim(claims.rbshortname) ?? stringClaim(claims.preferred_username);
  const email = stringClaim(claims.email);
  return {
    id,
    name: stringClaim(claims.name) ?? shortname ?? email ?? id,
    email,
    shortname,
    rights: rightsFromGroups(groups),
  };
}
