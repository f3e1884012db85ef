import { describe, expect, it } from 'vitest';
import { canImportByUrl, canImportMasterData } from './importRights.ts';

describe('import rights (spec 002 §6)', () => {
  it.each([
    [['admin'], true, true],
    [['technician'], false, true],
    [['admin', 'technician'], true, true],
    [['content-editor', 'content-manager'], false, false],
    [['technical-admin-user'], false, false],
    [[], false, false],
  ])('roles %j: by url %s, by master data %s', (roles, byUrl, byMasterData) => {
    expect(canImportByUrl({ roles })).toBe(byUrl);
    expect(canImportMasterData({ roles })).toBe(byMasterData);
  });
});
