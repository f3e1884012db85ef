import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '../asset/inputs.ts';
import { matchesLocaleSearch, selectAllState, showsAiTag } from './translation.ts';

const teaser: InputDefinition = { name: 'teaser', type: 'rich-text', view: { label: 'Teaser' } };
const tagged = (value: unknown, overrides: { listed?: string[]; needsConfirmation?: boolean } = {}) =>
  showsAiTag({ input: teaser, value, aiGeneratedProperties: overrides.listed ?? ['teaser'], aiTranslationNeedsConfirmation: overrides.needsConfirmation ?? true });

describe('showsAiTag (spec 000 §4, 002 §4)', () => {
  it('tags a listed, non-empty field of a version that needs confirmation', () => {
    expect(tagged('<p>Hoch</p>')).toBe(true);
  });

  it.each([
    ['an empty value', undefined, {}],
    ['rich text without text', '<p> </p>', {}],
    ['a field that is not listed', '<p>Hoch</p>', { listed: ['title'] }],
    ['a confirmed version', '<p>Hoch</p>', { needsConfirmation: false }],
  ])('does not tag %s', (_, value, overrides) => {
    expect(tagged(value, overrides)).toBe(false);
  });
});

describe('bulk edit locale choice (spec 002 §4)', () => {
  it('matches locales by prefix of code or label, case-insensitively', () => {
    expect(matchesLocaleSearch('de-AT', 'German (Austria)', 'DE')).toBe(true);
    expect(matchesLocaleSearch('de-AT', 'German (Austria)', 'germ')).toBe(true);
    expect(matchesLocaleSearch('de-AT', 'German (Austria)', 'AT')).toBe(false);
    expect(matchesLocaleSearch('fr', 'French', ' ')).toBe(true);
  });

  it('says off, mixed or all', () => {
    expect(selectAllState(0, 3)).toBe('off');
    expect(selectAllState(2, 3)).toBe('mixed');
    expect(selectAllState(3, 3)).toBe('all');
    expect(selectAllState(0, 0)).toBe('off');
  });
});
