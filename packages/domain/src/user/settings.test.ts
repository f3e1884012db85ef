import { describe, expect, it } from 'vitest';
import { EMPTY_SETTINGS, resolveDefaultSpace, resolvePreferredLocalization, resolveSettings, resolveUseAutoFilter, settingsOutsideRights } from './settings.ts';

const ALL_SPACES = ['rbcom', 'rbtv', 'global', 'illume'];

describe('settings fallbacks (spec 000 §4)', () => {
  it.each([
    ['de', ['en', 'de'], 'de'],
    [null, ['fr', 'de'], 'fr'],
    ['ja', ['fr', 'de'], 'fr'],
    [null, [], 'en'],
  ])('preferred locale %j with %j resolves to %s', (chosen, allowed, expected) => {
    expect(resolvePreferredLocalization(chosen, allowed)).toBe(expected);
  });

  it.each([
    ['global', ['rbcom', 'global'], 'global'],
    [null, ['global', 'rbcom'], 'rbcom'],
    ['rbtv', ['global', 'illume'], 'global'],
    [null, [], null],
  ])('default space %j with %j resolves to %s', (chosen, spaces, expected) => {
    expect(resolveDefaultSpace(chosen, spaces)).toBe(expected);
  });

  it.each([
    { chosen: null, defaultFilter: null, userSpaces: ['rbcom'], expected: true },
    { chosen: null, defaultFilter: null, userSpaces: ALL_SPACES, expected: false },
    { chosen: null, defaultFilter: 'f1', userSpaces: ['rbcom'], expected: false },
    { chosen: true, defaultFilter: 'f1', userSpaces: ['rbcom'], expected: false },
    { chosen: false, defaultFilter: null, userSpaces: ['rbcom'], expected: false },
    { chosen: true, defaultFilter: null, userSpaces: ALL_SPACES, expected: true },
  ])('auto filter chosen=$chosen defaultFilter=$defaultFilter spaces=$userSpaces is $expected', ({ expected, ...input }) => {
    expect(resolveUseAutoFilter({ ...input, allSpaces: ALL_SPACES })).toBe(expected);
  });

  it('resolves every setting for the given rights', () => {
    expect(resolveSettings(EMPTY_SETTINGS, { spaces: ['global', 'rbcom'], localizations: ['fr'] }, ALL_SPACES)).toEqual({
      preferredLocalization: 'fr',
      defaultSpace: 'rbcom',
      defaultFilter: null,
      useAutoFilter: true,
    });
  });

  it('lists the chosen values outside the rights (spec 001 §5)', () => {
    const rights = { spaces: ['rbcom'], localizations: ['en'] };
    expect(settingsOutsideRights({ preferredLocalization: 'de', defaultSpace: 'rbtv' }, rights)).toEqual(['de', 'rbtv']);
    expect(settingsOutsideRights({ preferredLocalization: 'en', defaultSpace: null }, rights)).toEqual([]);
  });
});
