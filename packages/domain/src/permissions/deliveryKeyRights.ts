import type { Link } from '../api/errors.ts';
import type { Role, Rights } from './roles.ts';

const TECHNICAL_ADMIN: Role = 'technical-admin-user';

/**
 * Delivery keys (the delivery API's credentials) are created, changed and revoked by technical admins, the role of
 * spec 000 §6 that also reads the audit log.
 */
export function canManageDeliveryKeys(rights: Pick<Rights, 'roles'>): boolean {
  return rights.roles.includes(TECHNICAL_ADMIN);
}

/** The methods of the delivery-key collection's link: list and create, for those who manage keys (spec 000 §6). */
export function deliveryKeysMethods(rights: Pick<Rights, 'roles'>): Link['methods'] {
  return canManageDeliveryKeys(rights) ? ['GET', 'POST'] : [];
}

/** The methods of one delivery key's link (spec 000 §6): a revoked key is only read; a live one is renamed, rescoped or revoked. */
export function deliveryKeyMethods(rights: Pick<Rights, 'roles'>, key: { isRevoked: boolean }): Link['methods'] {
  if (!canManageDeliveryKeys(rights)) return [];
  return key.isRevoked ? ['GET'] : ['GET', 'PATCH', 'DELETE'];
}
