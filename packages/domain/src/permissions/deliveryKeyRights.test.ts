import { describe, expect, it } from 'vitest';
import { canManageDeliveryKeys, deliveryKeyMethods, deliveryKeysMethods } from './deliveryKeyRights.ts';

describe('delivery key rights (spec 000 §6: technical admins)', () => {
  it.each([
    [['technical-admin-user'], true],
    [['admin', 'technical-admin-user'], true],
    [['admin'], false],
    [['technician'], false],
    [['content-manager', 'content-editor'], false],
    [[], false],
  ])('roles %j may manage delivery keys: %s', (roles, expected) => {
    expect(canManageDeliveryKeys({ roles })).toBe(expected);
  });

  it.each([
    [['technical-admin-user'], false, ['GET', 'PATCH', 'DELETE']],
    [['technical-admin-user'], true, ['GET']],
    [['admin'], false, []],
    [['admin'], true, []],
  ])('roles %j on a key revoked=%s: %j', (roles, isRevoked, methods) => {
    expect(deliveryKeyMethods({ roles }, { isRevoked })).toEqual(methods);
  });

  it('offers the collection to technical admins only', () => {
    expect(deliveryKeysMethods({ roles: ['technical-admin-user'] })).toEqual(['GET', 'POST']);
    expect(deliveryKeysMethods({ roles: ['admin', 'content-manager'] })).toEqual([]);
  });
});
