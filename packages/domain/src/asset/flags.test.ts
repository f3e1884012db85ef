import { describe, expect, it } from 'vitest';
import { assetFlags, countryOfLocale, type FlagSource } from './flags.ts';

const source = (overrides: Partial<FlagSource> = {}): FlagSource => ({
  localization: 'de',
  _links: {
    self: { href: '/a', methods: ['GET', 'PUT', 'PATCH', 'DELETE'] },
    'p:publish': { href: '/p', methods: ['POST'] },
    'p:depublish': { href: '/d', methods: [] },
    'p:preview': { href: '/v', methods: ['POST'] },
  },
  bookmarked: false,
  lastShipped: null,
  externalReference: null,
  musicImport: null,
  image: undefined,
  ...overrides,
});

describe('derived flags (spec 000 §3)', () => {
  it('reads the rights from the link methods', () => {
    expect(assetFlags(source())).toMatchObject({ editable: true, deletable: true, publishable: true, depublishable: false, previewable: true });
    expect(assetFlags(source({ _links: { self: { href: '/a', methods: ['GET'] } } }))).toMatchObject({ editable: false, deletable: false, publishable: false });
  });

  it('is geoblocked when the image is blocked in the country of the locale', () => {
    const image = { provider: 'cloudinary', referenceId: 'x', blockedIn: ['DE', 'AT'], ratios: { '16x9': { p1: { x: 0, y: 0 }, p2: { x: 16, y: 9 } } } };
    expect(assetFlags(source({ image })).geoblocked).toBe(true);
    expect(assetFlags(source({ image, localization: 'fr' })).geoblocked).toBe(false);
    expect(assetFlags(source({ image, localization: 'de' })).uncropped).toBe(false);
  });

  it('is uncropped for an image without crop ratios, not for an asset without image', () => {
    expect(assetFlags(source({ image: { provider: 'cloudinary', referenceId: 'x' } })).uncropped).toBe(true);
    expect(assetFlags(source()).uncropped).toBe(false);
  });

  it('knows imported, shipped and bookmarked', () => {
    expect(assetFlags(source({ externalReference: { origin: 'mediaplanet', foreignId: '1' } })).imported).toBe(true);
    expect(assetFlags(source({ musicImport: { program: 'rbu', masterDataId: '1' } })).imported).toBe(true);
    expect(assetFlags(source({ lastShipped: '2026-11-01T10:00:00Z', bookmarked: true }))).toMatchObject({ shipped: true, bookmarked: true, imported: false });
  });

  it.each([
    ['en-US', 'US'],
    ['pt-BR', 'BR'],
    ['de', 'DE'],
    ['ja', 'JP'],
    ['en', undefined],
  ])('the country of %s is %s', (locale, country) => expect(countryOfLocale(locale)).toBe(country));
});
