import { describe, expect, it } from 'vitest';
import { TENANT_GROUP_SPACES, creatableSpaces, hasDashboardAccess, isTenantOf } from './spaces.ts';

describe('spaces', () => {
  it.each([
    [['rbtv'], true],
    [['rbcom'], true],
    [['rbcom', 'global'], true],
    [['illume'], false],
    [['global', 'wrc'], false],
    [[], false],
  ])('dashboard access with spaces %j is %s (spec 000 §2)', (spaces, expected) => {
    expect(hasDashboardAccess(spaces)).toBe(expected);
  });

  it('drops rbtv from the creatable spaces unless the user has rbtv-content-creator (spec 000 §6)', () => {
    expect(creatableSpaces({ roles: ['content-editor'], spaces: ['rbtv', 'rbcom'] })).toEqual(['rbcom']);
    expect(creatableSpaces({ roles: ['content-editor', 'rbtv-content-creator'], spaces: ['rbtv', 'rbcom'] })).toEqual(['rbtv', 'rbcom']);
  });

  it('makes a user a tenant of a group when all their spaces belong to it (spec 000 §6)', () => {
    expect(isTenantOf(['rbcom', 'illume'], TENANT_GROUP_SPACES)).toBe(true);
    expect(isTenantOf(['rbcom', 'wrc'], TENANT_GROUP_SPACES)).toBe(false);
    expect(isTenantOf([], TENANT_GROUP_SPACES)).toBe(false);
  });
});
