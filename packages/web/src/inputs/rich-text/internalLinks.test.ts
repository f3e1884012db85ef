import { describe, expect, it } from 'vitest';
import { internalAssetIdOf, internalLinkHref, linkedAssetIds, markInvalidLinks } from './internalLinks.ts';

describe('internal links (spec 002 §7: /api/v1/assets/{assetId})', () => {
  it('builds the href of an asset and reads the id back', () => {
    expect(internalLinkHref('a1')).toBe('/api/v1/assets/a1');
    expect(internalAssetIdOf(internalLinkHref('a b/c'))).toBe('a b/c');
  });

  it.each([
    ['an external link', 'https://example.com/api/v1/assets/a1'],
    ['a deeper path', '/api/v1/assets/a1/localizations/en'],
    ['the list', '/api/v1/assets/'],
    ['a query', '/api/v1/assets/a1?x=1'],
  ])('is no internal link: %s', (_name, href) => {
    expect(internalAssetIdOf(href)).toBeUndefined();
  });

  it('lists the linked asset ids once each, in order', () => {
    const html = '<p><a href="/api/v1/assets/b">x</a> <a href="https://x.io">y</a> <a href="/api/v1/assets/a">z</a> <a href="/api/v1/assets/b">w</a></p>';
    expect(linkedAssetIds(html)).toEqual(['b', 'a']);
    expect(linkedAssetIds('<p>no links</p>')).toEqual([]);
    expect(linkedAssetIds(undefined)).toEqual([]);
  });

  it('marks the links to missing assets invalid and leaves the others', () => {
    const html = '<p><a href="/api/v1/assets/gone">x</a> <a href="/api/v1/assets/here">y</a></p>';
    expect(markInvalidLinks(html, new Set(['gone']))).toBe(
      '<p><a href="/api/v1/assets/gone" class="invalid-link" data-invalid-link="">x</a> <a href="/api/v1/assets/here">y</a></p>',
    );
    expect(markInvalidLinks(html, new Set())).toBe(html);
  });
});
