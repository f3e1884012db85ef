import { describe, expect, it } from 'vitest';
import { filterZoeLocalizations, isZoeId, type ZoeLocalization } from './zoe.ts';

const localization = (id: string, language: string, country: string | null, title = 'Quiz'): ZoeLocalization => ({
  id,
  title,
  engagement: 'Formula quiz',
  slug: 'formula-quiz',
  locale: { language, country },
  fullscreenReady: true,
});
const ID = (digit: string) => digit.repeat(24);
const ALL = [localization(ID('a'), 'de', 'AT', 'Das große Quiz'), localization(ID('b'), 'de', 'DE'), localization(ID('c'), 'de', null), localization(ID('d'), 'en', 'GB')];
const idsOf = (list: ZoeLocalization[]) => list.map((item) => item.id);

describe('ZOE localizations (spec 002 §9)', () => {
  it.each([
    ['aaaaaaaaaaaaaaaaaaaaaaaa', true],
    [' 0123456789ABCDEFabcdef01 ', true],
    ['0123456789abcdef0123456', false],
    ['g123456789abcdef01234567', false],
  ])('%j is an id: %s', (text, expected) => {
    expect(isZoeId(text)).toBe(expected);
  });

  it('filters on language and country, or on the language alone for an international family', () => {
    expect(idsOf(filterZoeLocalizations({ localizations: ALL, assetLocale: 'de-AT', query: '' }))).toEqual([ID('a')]);
    expect(idsOf(filterZoeLocalizations({ localizations: ALL, assetLocale: 'de', query: '' }))).toEqual([ID('a'), ID('b'), ID('c')]);
  });

  it('looks up a 24-hex query as an id and matches any other on title, engagement or slug', () => {
    expect(idsOf(filterZoeLocalizations({ localizations: ALL, assetLocale: 'de', query: ID('b').toUpperCase() }))).toEqual([ID('b')]);
    expect(idsOf(filterZoeLocalizations({ localizations: ALL, assetLocale: 'de', query: 'GROSSE' }))).toEqual([]);
    expect(idsOf(filterZoeLocalizations({ localizations: ALL, assetLocale: 'de', query: 'große' }))).toEqual([ID('a')]);
    expect(idsOf(filterZoeLocalizations({ localizations: ALL, assetLocale: 'en-GB', query: 'formula-q' }))).toEqual([ID('d')]);
  });
});
