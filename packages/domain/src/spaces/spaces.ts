/** The main website space. Its id is customer data; this is the id our product ships with. */
export const MAIN_SPACE = 'rbcom';
/** The tv space (spec 000 §2). */
export const TV_SPACE = 'rbtv';

/** Spec 000 §9: the spaces of the tenant group. `{product}etin` is written with the product name filled in. */
export const TENANT_GROUP_SPACES: readonly string[] = [
  TV_SPACE,
  MAIN_SPACE,
  'global',
  'rbtv_temporary',
  'rbetin',
  'rb-rookies',
  'illume',
];

/** Spec 000 §9: restricted spaces. */
export const RESTRICTED_SPACES: readonly string[] = ['erc', 'newcastle', 'pro-cycling', 'speedweek', 'wrc', 'wrcpromoter'];

/** Spec 000 §6: a user is a tenant of a group when all their spaces belong to it. */
export function isTenantOf(userSpaces: readonly string[], groupSpaces: readonly string[]): boolean {
  return userSpaces.length > 0 && userSpaces.every((space) => groupSpaces.includes(space));
}

/** Spec 000 §2: dashboard access is true when the user has the tv space or the main website space. */
export function hasDashboardAccess(spaces: readonly string[]): boolean {
  return spaces.includes(TV_SPACE) || spaces.includes(MAIN_SPACE);
}

/** Spec 000 §6: the spaces offered for creation drop rbtv unless the user has rbtv-content-creator. */
export function creatableSpaces(rights: { roles: readonly string[]; spaces: readonly string[] }): string[] {
  if (rights.roles.includes('rbtv-content-creator')) return [...rights.spaces];
  return rights.spaces.filter((space) => space !== TV_SPACE);
}
