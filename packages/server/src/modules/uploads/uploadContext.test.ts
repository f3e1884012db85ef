import { describe, expect, it } from 'vitest';
import { uploadColumnsOf } from './uploadContext.ts';

describe('the context values an upload row keeps', () => {
  it.each([
    [{}, { assetId: null, localization: null }],
    [{ assetId: 'a1b2-c3_d4', localization: 'de' }, { assetId: 'a1b2-c3_d4', localization: 'de' }],
    [{ locale: 'pt-BR' }, { assetId: null, localization: 'pt-BR' }],
    [{ localization: 'en', locale: 'de', alt: 'anything = | goes' }, { assetId: null, localization: 'en' }],
  ])('keeps %j as %j', (context, columns) => {
    expect(uploadColumnsOf(context)).toEqual(columns);
  });

  it.each([
    [{ assetId: 'x'.repeat(37) }, 'context.assetId'],
    [{ assetId: '' }, 'context.assetId'],
    [{ assetId: '../a' }, 'context.assetId'],
    [{ locale: 'x'.repeat(300) }, 'context.locale'],
    [{ locale: 'de_DE' }, 'context.locale'],
    [{ localization: 'EN' }, 'context.localization'],
    [{ localization: 'en', locale: 'english' }, 'context.locale'],
  ])('refuses %j with 400 naming %s', (context, key) => {
    expect(() => uploadColumnsOf(context)).toThrow(expect.objectContaining({ status: 400, messages: [expect.stringMatching(new RegExp(`^${key.replace('.', '\\.')}:`))] }));
  });
});
