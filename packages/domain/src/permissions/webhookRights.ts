import type { Rights } from './roles.ts';

/**
 * Webhook endpoints (where the installation's changes are sent, and their secrets) are for technical admins, like
 * the audit log (docs/decisions.md, Webhooks).
 */
export function canManageWebhooks(rights: Pick<Rights, 'roles'>): boolean {
  return rights.roles.includes('technical-admin-user');
}
