import { describe, expect, it } from 'vitest';
import { canChangeSpaces, canReadAuditLog, canSetEmbargo, canUnlockSignIn, canUseRoleOverride, isAdmin, isCreator, isEmbargoDateManager, isRole, isTaxonomyManager, isTechnician } from './roles.ts';

const withRoles = (...roles: string[]) => ({ roles });

describe('roles (spec 000 §6)', () => {
  it.each([
    [['content-editor'], true],
    [['content-manager'], true],
    [['content-editor', 'translator'], true],
    [['curator'], false],
    [['translator'], false],
    [['admin'], false],
    [[], false],
  ])('creator with %j is %s', (roles, expected) => {
    expect(isCreator(withRoles(...roles))).toBe(expected);
  });

  it.each([
    [['taxonomy-manager', 'all-localizations'], true],
    [['taxonomy-manager'], false],
    [['all-localizations'], false],
    [['admin'], false],
  ])('change spaces with %j is %s', (roles, expected) => {
    expect(canChangeSpaces(withRoles(...roles))).toBe(expected);
  });

  it('sets embargo dates only with embargo-date-manager', () => {
    expect(canSetEmbargo(withRoles('embargo-date-manager'))).toBe(true);
    expect(canSetEmbargo(withRoles('admin', 'content-manager'))).toBe(false);
  });

  it.each([
    ['taxonomy-manager', isTaxonomyManager],
    ['admin', isAdmin],
    ['technician', isTechnician],
    ['embargo-date-manager', isEmbargoDateManager],
  ] as const)('recognises the role %s and no other', (role, holds) => {
    expect(holds(withRoles(role))).toBe(true);
    expect(holds(withRoles('content-manager', 'technical-admin-user', 'all-localizations'))).toBe(false);
  });

  it('offers the role override only to technical admins', () => {
    expect(canUseRoleOverride(withRoles('technical-admin-user'))).toBe(true);
    expect(canUseRoleOverride(withRoles('admin'))).toBe(false);
  });

  it('lets only technical admins read the audit log', () => {
    expect(canReadAuditLog(withRoles('technical-admin-user'))).toBe(true);
    expect(canReadAuditLog(withRoles('admin', 'content-manager'))).toBe(false);
  });

  it('lets only technical admins unlock a sign-in', () => {
    expect(canUnlockSignIn(withRoles('technical-admin-user'))).toBe(true);
    expect(canUnlockSignIn(withRoles('admin', 'content-manager'))).toBe(false);
  });

  it('knows the roles of the spec and nothing else', () => {
    expect(isRole('rbtv-content-creator')).toBe(true);
    expect(isRole('emperor')).toBe(false);
  });
});
