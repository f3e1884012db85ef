import { describe, expect, it } from 'vitest';
import { canManageTrash } from './trashRights.ts';

describe('canManageTrash', () => {
  it.each([
    [['technical-admin-user'], true],
    [['admin', 'technical-admin-user', 'content-manager'], true],
    [['admin'], false],
    [['content-editor', 'content-manager'], false],
    [[], false],
  ])('roles %j may use the trash: %s', (roles, expected) => {
    expect(canManageTrash({ roles })).toBe(expected);
  });
});
