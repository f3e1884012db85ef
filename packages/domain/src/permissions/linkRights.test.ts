import { describe, expect, it } from 'vitest';
import type { AssetRights } from './assetRights.ts';
import { LINK_RIGHTS, linkMethods, mayUseLink, type AssetLinkRelation } from './linkRights.ts';

const NONE: AssetRights = { read: false, edit: false, delete: false, publish: false, depublish: false, preview: false, bookmark: false, changeSpaces: false, setEmbargo: false };
const only = (...rights: Array<keyof AssetRights>): AssetRights => ({ ...NONE, ...Object.fromEntries(rights.map((right) => [right, true])) });

describe('link rights (spec 000 §6)', () => {
  it.each([
    [only('read'), 'self', ['GET']],
    [only('read', 'edit', 'delete'), 'self', ['GET', 'PUT', 'PATCH', 'DELETE']],
    [only('read'), 'p:ship', []],
    [only('read', 'edit'), 'p:ship', ['PATCH']],
    [only('read', 'bookmark'), 'p:bookmark', ['PUT', 'DELETE']],
    [only('publish'), 'p:publishcheck', ['GET']],
    [only('changeSpaces'), 'p:changeSpaces', ['PUT']],
  ] as const)('offers %j on %s: %j', (rights, relation, methods) => {
    expect(linkMethods(rights, relation)).toEqual(methods);
  });

  it('allows exactly the methods it offers, for every link and every single right', () => {
    for (const right of Object.keys(NONE) as Array<keyof AssetRights>) {
      for (const relation of Object.keys(LINK_RIGHTS) as AssetLinkRelation[]) {
        for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
          expect(mayUseLink(only(right), relation, method)).toBe(linkMethods(only(right), relation).includes(method));
        }
      }
    }
  });
});
