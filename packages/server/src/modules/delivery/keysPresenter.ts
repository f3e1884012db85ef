import { DELIVERY_KEYS_PATH, deliveryKeyMethods, deliveryKeysMethods, type DeliveryKey, type DeliveryKeyList, type Rights } from '@editor/domain';
import { secretPrefixOf } from './keySecrets.ts';
import type { DeliveryKeyRow } from './keysRepository.ts';

const listOf = (json: string) => JSON.parse(json) as string[];

/** A key as technical admins see it, with the methods its link offers them. */
export function presentKey(row: DeliveryKeyRow, rights: Pick<Rights, 'roles'>): DeliveryKey {
  return {
    id: row.id,
    name: row.name,
    spaces: listOf(row.spaces),
    locales: listOf(row.locales),
    requestsPerSecond: row.requests_per_second === null ? null : Number(row.requests_per_second),
    secretPrefix: secretPrefixOf(row.id),
    createdAt: row.created_at,
    createdBy: row.created_by,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_by,
    _links: { self: { href: `${DELIVERY_KEYS_PATH}/${row.id}`, methods: deliveryKeyMethods(rights, { isRevoked: row.revoked_at !== null }) } },
  };
}

export function presentKeyList(rows: readonly DeliveryKeyRow[], rights: Pick<Rights, 'roles'>): DeliveryKeyList {
  return {
    _embedded: { item: rows.map((row) => presentKey(row, rights)) },
    _links: { self: { href: DELIVERY_KEYS_PATH, methods: deliveryKeysMethods(rights) } },
    size: rows.length,
  };
}
