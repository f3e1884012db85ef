import type { Rights } from '../permissions/roles.ts';

/** Issue 41 trash: finding deleted versions and restoring one is for technical admins, like the audit log. */
export function canManageTrash(rights: Pick<Rights, 'roles'>): boolean {
  return rights.roles.includes('technical-admin-user');
}
