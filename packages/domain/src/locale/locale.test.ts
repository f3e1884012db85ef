import { describe, expect, it } from 'vitest';
import { isLocaleId, resolveLocale } from './locale.ts';

describe('locale ids (spec 000 §1)', () => {
  it.each(['en', 'de', 'pt-BR', 'en-US', 'es-LAT', 'en-CAR', 'ar-MEA', 'sq-KV', 'en-EN'])('accepts %s', (id) => expect(isLocaleId(id)).toBe(true));
  it.each(['', 'e', 'eng', 'EN', 'pt-br', 'pt_BR', 'en-USA', 'en-', 'es-lat', 'es-LATAM', 'en-INT', 'es-ABC'])('refuses %j', (id) => expect(isLocaleId(id)).toBe(false));
});

describe('locale fallback order (spec 000 §4)', () => {
  it.each([
    ['de', ['fr', 'de', 'en'], 'de'],
    ['pt-BR', ['fr', 'pt', 'en'], 'pt'],
    ['de-AT', ['fr', 'de', 'en'], 'de'],
    ['ja', ['fr', 'en-US', 'de'], 'en-US'],
    ['ja', ['fr', 'de'], 'fr'],
    ['ja', [], undefined],
  ])('resolves %s among %j to %s', (wanted, available, expected) => {
    expect(resolveLocale(wanted, available)).toBe(expected);
  });
});
