import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { hasChildRule, withChildChange as withChange } from './orderedRules.ts';

/** Addresses as an installation configures them (CTA_ADDRESSES). */
const CTA_TARGET_ADDRESSES = { shop: 'https://shop.test', tickets: 'https://tickets.test' };

const withChildChange = (input: Parameters<typeof withChange>[0]['input'], value: readonly unknown[], index: number, childValue: unknown) =>
  withChange({ input, value, index, childValue, addresses: CTA_TARGET_ADDRESSES });

const quote: InputDefinition = {
  name: 'quote',
  type: 'ordered-container',
  constraints: {
    orderedProperties: [
      { name: 'quote-text', type: 'text', view: { label: 'Quote' } },
      { name: 'quote-author', type: 'text', view: { label: 'Author name' } },
      { name: 'quote-author-link', type: 'asset', view: { label: 'Linked author' } },
    ],
  },
  view: { label: 'Quote' },
};

const ctaUrl: InputDefinition = {
  name: 'cta-url',
  type: 'ordered-container',
  constraints: {
    orderedProperties: [
      { name: 'cta-url-target', type: 'select', view: { label: 'Goes to' } },
      { name: 'cta-url-href', type: 'text', view: { label: 'Address' } },
    ],
  },
  view: { label: 'Link' },
};

const link = { id: 'author-1', stencil: 'author' };

describe('withChildChange', () => {
  it('sets one child and keeps the others', () => {
    expect(withChildChange(quote, ['Go', 'Ann'], 0, 'Go on')).toEqual(['Go on', 'Ann']);
    expect(withChildChange(quote, [], 1, 'Ann')).toEqual([undefined, 'Ann']);
  });

  it.each([
    ['choosing a linked author clears the text author', ['Go', 'Ann'], link, ['Go', undefined, link]],
    ['deleting the link clears the link and keeps the author', ['Go', 'Ann', link], undefined, ['Go', 'Ann', undefined]],
    ['a link deleted as null is cleared too', ['Go', undefined, link], null, ['Go', undefined, undefined]],
  ])('quote: %s', (_, value, childValue, expected) => {
    expect(withChildChange(quote, value, 2, childValue)).toEqual(expected);
  });

  it('clears the whole value when nothing is left', () => {
    expect(withChildChange(quote, [undefined, undefined, link], 2, undefined)).toBeUndefined();
  });

  it('fills the call-to-action address from the chosen target', () => {
    expect(withChildChange(ctaUrl, [], 0, 'shop')).toEqual(['shop', CTA_TARGET_ADDRESSES.shop]);
    expect(withChildChange(ctaUrl, ['shop', CTA_TARGET_ADDRESSES.shop], 0, 'tickets')).toEqual(['tickets', CTA_TARGET_ADDRESSES.tickets]);
  });

  it('clears a filled-in address for Other address, but keeps one typed by hand', () => {
    expect(withChildChange(ctaUrl, ['shop', CTA_TARGET_ADDRESSES.shop], 0, 'custom')).toEqual(['custom', undefined]);
    expect(withChildChange(ctaUrl, ['custom', 'https://mine.example.org'], 0, 'custom')).toEqual(['custom', 'https://mine.example.org']);
  });

  it('leaves the address alone when the address itself changes', () => {
    expect(withChildChange(ctaUrl, ['shop', CTA_TARGET_ADDRESSES.shop], 1, 'https://mine.example.org')).toEqual(['shop', 'https://mine.example.org']);
  });
});

describe('hasChildRule', () => {
  it('names the quote link and the call-to-action target only', () => {
    expect([0, 1, 2].map((index) => hasChildRule(quote, index))).toEqual([false, false, true]);
    expect([0, 1].map((index) => hasChildRule(ctaUrl, index))).toEqual([true, false]);
  });
});
