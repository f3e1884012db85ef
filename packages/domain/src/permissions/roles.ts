/** Every role the product knows (spec 000 §6). */
export const ROLES = [
  'admin',
  'content-editor',
  'content-manager',
  'curator',
  'onsite-promotion-editor',
  'technician',
  'translator',
  'content-hub-manager',
  'taxonomy-manager',
  'embargo-date-manager',
  'rbtv-content-creator',
  'all-localizations',
  'technical-admin-user',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The rights of one request: what the user holds, after any role override. */
export interface Rights {
  roles: readonly string[];
  spaces: readonly string[];
  localizations: readonly string[];
}

function hasRole(rights: Pick<Rights, 'roles'>, role: Role): boolean {
  return rights.roles.includes(role);
}

/** Spec 000 §6: creators are users with content-editor or content-manager. */
export function isCreator(rights: Pick<Rights, 'roles'>): boolean {
  return hasRole(rights, 'content-editor') || hasRole(rights, 'content-manager');
}

/** Spec 000 §6, 002 §6: a taxonomy manager (main partner, no-monetization, partner-hosted livestream, spaces). */
export function isTaxonomyManager(rights: Pick<Rights, 'roles'>): boolean {
  return hasRole(rights, 'taxonomy-manager');
}

/** Spec 000 §6: an admin (import routes, motorsport ids). */
export function isAdmin(rights: Pick<Rights, 'roles'>): boolean {
  return hasRole(rights, 'admin');
}

/** Spec 000 §6: a technician (import routes, the uri-slug of a published asset). */
export function isTechnician(rights: Pick<Rights, 'roles'>): boolean {
  return hasRole(rights, 'technician');
}

/** Spec 000 §6: an embargo-date manager (embargo dates, playability start date). */
export function isEmbargoDateManager(rights: Pick<Rights, 'roles'>): boolean {
  return hasRole(rights, 'embargo-date-manager');
}

/** Spec 000 §6: changing spaces needs both taxonomy-manager and all-localizations. */
export function canChangeSpaces(rights: Pick<Rights, 'roles'>): boolean {
  return isTaxonomyManager(rights) && hasRole(rights, 'all-localizations');
}

/** Spec 000 §6: setting embargo dates needs embargo-date-manager. */
export function canSetEmbargo(rights: Pick<Rights, 'roles'>): boolean {
  return isEmbargoDateManager(rights);
}

/** Spec 000 §6: the custom role override is for users whose original roles include technical-admin-user. */
export function canUseRoleOverride(originalRights: Pick<Rights, 'roles'>): boolean {
  return hasRole(originalRights, 'technical-admin-user');
}

/** The audit log is for technical admins (the role of spec 000 §6 that may also override roles). */
export function canReadAuditLog(rights: Pick<Rights, 'roles'>): boolean {
  return hasRole(rights, 'technical-admin-user');
}

/** Lifting the sign-in throttling of an account or address is for technical admins (spec 000 §6, like the audit log). */
export function canUnlockSignIn(rights: Pick<Rights, 'roles'>): boolean {
  return hasRole(rights, 'technical-admin-user');
}
