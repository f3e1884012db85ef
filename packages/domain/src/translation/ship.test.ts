import { describe, expect, it } from 'vitest';
import type { AssetAccessSubject } from '../permissions/assetRights.ts';
import type { Rights } from '../permissions/roles.ts';
import { canShipTo, shipOutcome } from './ship.ts';

const target = (overrides: Partial<AssetAccessSubject> = {}): AssetAccessSubject => ({ stencil: 'story', spaces: ['rbcom'], localization: 'de', status: 'draft', ...overrides });
const rights = (roles: string[], localizations = ['en', 'de']): Rights => ({ roles, spaces: ['rbcom'], localizations });

describe('shipping into a target locale (spec 000 §6, §7)', () => {
  it.each([
    { name: 'an editor holding the locale', user: rights(['content-editor']), subject: target(), expected: true },
    { name: 'a translator holding the locale', user: rights(['translator']), subject: target(), expected: true },
    { name: 'a published target (edited like any other)', user: rights(['content-editor']), subject: target({ status: 'published' }), expected: true },
    { name: 'a locale the user does not hold', user: rights(['content-editor'], ['en']), subject: target(), expected: false },
    { name: 'a reader without an editing role', user: rights(['reader']), subject: target(), expected: false },
    { name: 'a stencil with a role of its own', user: rights(['content-editor']), subject: target({ stencil: 'content-hub' }), expected: false },
    { name: 'a space the user does not hold', user: rights(['content-editor']), subject: target({ spaces: ['global'] }), expected: false },
  ])('$name: $expected', ({ user, subject, expected }) => {
    expect(canShipTo({ rights: user, target: subject })).toBe(expected);
  });

  it.each([
    [200, 'shipped'],
    [403, 'refused'],
    [404, 'failed'],
    [409, 'failed'],
    [412, 'failed'],
    [500, 'failed'],
  ] as const)('reads status %i as %s', (status, outcome) => {
    expect(shipOutcome({ status })).toBe(outcome);
  });
});
