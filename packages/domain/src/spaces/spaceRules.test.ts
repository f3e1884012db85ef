import { describe, expect, it } from 'vitest';
import { opensEventFlow, parseSpaceLocales, spaceAllowsLocale } from './spaceRules.ts';

describe('the locales of a space (spec 001 §5)', () => {
  const spaceLocales = parseSpaceLocales('wrc=en; erc=en,de');

  it('reads the configuration', () => {
    expect(spaceLocales).toEqual({ wrc: ['en'], erc: ['en', 'de'] });
    expect(parseSpaceLocales(undefined)).toEqual({});
    expect(parseSpaceLocales('latam=es-LAT,en')).toEqual({ latam: ['es-LAT', 'en'] });
  });

  it.each(['wrc', 'wrc=', '=en', 'wrc=english'])('refuses %j', (text) => {
    expect(() => parseSpaceLocales(text)).toThrow('SPACE_LOCALES entries are space=locale,locale');
  });

  it('limits the named spaces and lets the others take every locale', () => {
    expect(spaceAllowsLocale(spaceLocales, 'wrc', 'en')).toBe(true);
    expect(spaceAllowsLocale(spaceLocales, 'wrc', 'de')).toBe(false);
    expect(spaceAllowsLocale(spaceLocales, 'erc', 'de')).toBe(true);
    expect(spaceAllowsLocale(spaceLocales, 'rbcom', 'ja')).toBe(true);
    expect(spaceAllowsLocale(undefined, 'wrc', 'de')).toBe(true);
  });
});

describe('the event flow of create content (spec 001 §2.4, §4)', () => {
  it('opens for an event profile outside the configured spaces only', () => {
    expect(opensEventFlow({ stencil: 'event-profile', space: 'rbcom', eventProfileSpaces: ['wrc'] })).toBe(true);
    expect(opensEventFlow({ stencil: 'event-profile', space: 'wrc', eventProfileSpaces: ['wrc'] })).toBe(false);
    expect(opensEventFlow({ stencil: 'story', space: 'rbcom', eventProfileSpaces: [] })).toBe(false);
  });
});
