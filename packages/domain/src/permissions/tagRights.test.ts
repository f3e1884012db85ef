import { describe, expect, it } from 'vitest';
import { canCreateTagIn } from './tagRights.ts';

describe('creating a tag in a space (spec 001 §3, §7; 000 §6)', () => {
  it.each([
    ['an editor holding global', ['content-editor', 'translator'], ['rbcom', 'global'], true],
    ['a content manager holding global', ['content-manager'], ['global'], true],
    ['an admin who is a content manager', ['admin', 'content-manager'], ['rbcom', 'global'], true],
    ['an editor without global', ['content-editor'], ['rbcom'], false],
    ['a read-only curator holding global', ['curator'], ['global'], false],
    ['a translator holding global', ['translator'], ['global'], false],
    ['an admin who is no creator', ['admin', 'technician'], ['global'], false],
    ['a token with no roles', [], ['global'], false],
    ['a token with nothing', [], [], false],
  ])('%s: %s', (_name, roles, spaces, expected) => {
    expect(canCreateTagIn({ roles, spaces }, 'global')).toBe(expected);
  });

  it('treats the tv space like creating there: it needs rbtv-content-creator', () => {
    expect(canCreateTagIn({ roles: ['content-editor'], spaces: ['rbtv'] }, 'rbtv')).toBe(false);
    expect(canCreateTagIn({ roles: ['content-editor', 'rbtv-content-creator'], spaces: ['rbtv'] }, 'rbtv')).toBe(true);
  });
});
