import { describe, expect, it } from 'vitest';
import {
  assetLocaleOfSlugRegion,
  claimUriSlugBodySchema,
  datedUriTitle,
  freeUriTitleVariants,
  isUriTitle,
  parseSlugId,
  slugIdOf,
  slugRegionLocaleOf,
  temporaryUriTitle,
  uriSlugClaimOf,
  uriTitleSuffixOf,
  type UriSlugState,
} from './uriSlug.ts';

describe('URI titles (the stencils\' uri-title pattern)', () => {
  it.each(['cliff-diving-recap', 'a', '2026', 'red-bull-x-alps-2025'])('accepts %s', (title) => expect(isUriTitle(title)).toBe(true));
  it.each(['', 'Cliff-Diving', 'cliff--diving', '-cliff', 'cliff-', 'cliff_diving', 'cliff diving', 'ümlaut', 'a'.repeat(101)])('refuses %j', (title) =>
    expect(isUriTitle(title)).toBe(false),
  );
});

describe('slug region locales (spec 000 §9)', () => {
  it.each([
    ['en', 'en-INT'],
    ['de', 'de-INT'],
    ['en-US', 'en-US'],
    ['pt-BR', 'pt-BR'],
    ['es-LAT', 'es-LAT'],
    ['ar-MEA', 'ar-MEA'],
    ['EN', undefined],
    ['eng', undefined],
    ['en-INT', undefined],
  ])('%s → %s', (locale, expected) => expect(slugRegionLocaleOf(locale)).toBe(expected));

  it.each([
    ['en-INT', 'en'],
    ['de-AT', 'de-AT'],
    ['es-LAT', 'es-LAT'],
    ['en-CAR', 'en-CAR'],
    ['es-ABC', undefined],
    ['en', undefined],
    ['en-int', undefined],
    ['en-LATAM', undefined],
  ])('the asset locale of %s is %s', (regionLocale, expected) => expect(assetLocaleOfSlugRegion(regionLocale)).toBe(expected));
});

describe('slug ids (spec 000 §7, §9)', () => {
  it.each([
    [{ space: 'rbcom', locale: 'en', uriTitle: 'cliff-diving-recap' }, 'rbcom:en-INT:cliff-diving-recap'],
    [{ space: 'rbcom', locale: 'de-AT', uriTitle: 'cliff-diving-recap' }, 'rbcom:de-AT:cliff-diving-recap'],
    [{ space: 'rbtv_temporary', locale: 'fr', uriTitle: 'x' }, 'rbtv_temporary:fr-INT:x'],
    [{ space: 'rb-rookies', locale: 'ja', uriTitle: '2026' }, 'rb-rookies:ja-INT:2026'],
    [{ space: 'rbcom', locale: 'en', uriTitle: 'Cliff Diving' }, undefined],
    [{ space: 'rbcom', locale: 'english', uriTitle: 'cliff' }, undefined],
    [{ space: 'rb:com', locale: 'en', uriTitle: 'cliff' }, undefined],
    [{ space: '', locale: 'en', uriTitle: 'cliff' }, undefined],
  ])('%j → %s', (input, expected) => expect(slugIdOf(input)).toBe(expected));

  it.each([
    ['rbcom:en-INT:cliff-diving-recap', { space: 'rbcom', regionLocale: 'en-INT', uriTitle: 'cliff-diving-recap', locale: 'en' }],
    ['rbcom:de-AT:cliff', { space: 'rbcom', regionLocale: 'de-AT', uriTitle: 'cliff', locale: 'de-AT' }],
    ['rbcom:en:cliff', undefined],
    ['rbcom:en-INT', undefined],
    ['rbcom:en-INT:cliff:diving', undefined],
    ['rbcom:en-INT:Cliff', undefined],
    ['RBCOM:en-INT:cliff', undefined],
    ['', undefined],
  ])('parses %j to %j', (slugId, expected) => expect(parseSlugId(slugId)).toEqual(expected));

  it('parses what it builds', () => {
    const key = { space: 'global', locale: 'es-MX', uriTitle: 'dakar-rally-stage-4' };
    expect(parseSlugId(slugIdOf(key) ?? '')).toEqual({ space: 'global', regionLocale: 'es-MX', uriTitle: 'dakar-rally-stage-4', locale: 'es-MX' });
  });
});

describe('temporary and date suffixes (spec 000 §3)', () => {
  const day = new Date('2026-03-14T23:30:00.000Z');

  it.each([
    ['cliff-diving', { base: 'cliff-diving', suffix: undefined }],
    ['cliff-diving-tmp-3', { base: 'cliff-diving', suffix: { kind: 'temporary', n: 3 } }],
    ['cliff-diving-2026-03-14', { base: 'cliff-diving', suffix: { kind: 'date', date: '2026-03-14' } }],
    ['cliff-diving-tmp-0', { base: 'cliff-diving-tmp-0', suffix: undefined }],
    ['cliff-diving-2026-13-14', { base: 'cliff-diving-2026-13-14', suffix: undefined }],
    ['tmp-2', { base: 'tmp-2', suffix: undefined }],
  ])('splits %s', (title, expected) => expect(uriTitleSuffixOf(title)).toEqual(expected));

  it.each([
    [['cliff-diving', 1], 'cliff-diving-tmp-1'],
    [['cliff-diving', 12], 'cliff-diving-tmp-12'],
    [[`${'abcdefghi-'.repeat(9)}abcdefghij`, 1], `${'abcdefghi-'.repeat(9)}tmp-1`],
  ] as const)('temporary %j → %s', ([base, n], expected) => {
    const title = temporaryUriTitle(base, n);
    expect(title).toBe(expected);
    expect(isUriTitle(title)).toBe(true);
  });

  it('adds the UTC day as the date suffix and stays within 100 characters', () => {
    expect(datedUriTitle('cliff-diving', day)).toBe('cliff-diving-2026-03-14');
    const long = datedUriTitle('a'.repeat(95), day);
    expect(isUriTitle(long)).toBe(true);
    expect(long.length).toBeLessThanOrEqual(100);
  });

  it.each([
    [[], 'cliff-diving-tmp-1', 'cliff-diving-2026-03-14'],
    [['cliff-diving-tmp-1', 'cliff-diving-tmp-2'], 'cliff-diving-tmp-3', 'cliff-diving-2026-03-14'],
    [['cliff-diving-tmp-1', 'cliff-diving-2026-03-14'], 'cliff-diving-tmp-2', undefined],
  ])('with %j taken proposes %s and %s', (taken, temporary, dated) => {
    const isTaken = (title: string) => title === 'cliff-diving' || taken.includes(title);
    expect(freeUriTitleVariants({ uriTitle: 'cliff-diving', day, isTaken })).toEqual({ temporary, dated });
    // A title that already carries a suffix is varied from the title it was made from.
    expect(freeUriTitleVariants({ uriTitle: 'cliff-diving-tmp-1', day, isTaken })).toEqual({ temporary, dated });
  });
});

describe('the URI slug claim answer (spec 002 §3)', () => {
  const OWNER = 'a0000000-0000-4000-8000-000000000001';
  const CLAIMER = 'b0000000-0000-4000-8000-000000000002';
  const OTHER = 'c0000000-0000-4000-8000-000000000003';
  const variants = { temporary: 'cliff-tmp-1', dated: 'cliff-2026-03-14' };
  const owned: UriSlugState = { owner: { assetId: OWNER, locale: 'en' }, pendingClaim: undefined };
  const pending: UriSlugState = { owner: { assetId: OWNER, locale: 'en' }, pendingClaim: { assetId: CLAIMER, locale: 'en' } };

  it.each([
    ['free', { owner: undefined, pendingClaim: undefined }, undefined, { conflictAssetId: null, localization: null, message: null, isClaimPending: false }],
    ['free, asked by an asset', { owner: undefined, pendingClaim: undefined }, CLAIMER, { conflictAssetId: null, localization: null, message: null, isClaimPending: false }],
    ['own slug', owned, OWNER, { conflictAssetId: null, localization: null, message: null, isClaimPending: false }],
    [
      'taken, anonymous lookup',
      owned,
      undefined,
      { conflictAssetId: OWNER, localization: 'en', message: `This URI title is used by asset ${OWNER} (en). Free alternatives: cliff-tmp-1 or cliff-2026-03-14.`, isClaimPending: false },
    ],
    [
      'taken by another asset',
      owned,
      OTHER,
      { conflictAssetId: OWNER, localization: 'en', message: `This URI title is used by asset ${OWNER} (en). Free alternatives: cliff-tmp-1 or cliff-2026-03-14.`, isClaimPending: false },
    ],
    [
      'own claim pending',
      pending,
      CLAIMER,
      { conflictAssetId: OWNER, localization: 'en', message: `This URI title is used by asset ${OWNER} (en); it will be moved to this asset on publish.`, isClaimPending: true },
    ],
    [
      'owner with a claim pending on its slug',
      pending,
      OWNER,
      { conflictAssetId: CLAIMER, localization: 'en', message: `This URI title moves to asset ${CLAIMER} (en) when that asset is published.`, isClaimPending: true },
    ],
    [
      'a third asset while a claim is pending',
      pending,
      OTHER,
      { conflictAssetId: OWNER, localization: 'en', message: `This URI title is used by asset ${OWNER} (en). Free alternatives: cliff-tmp-1 or cliff-2026-03-14.`, isClaimPending: true },
    ],
  ] as const)('%s', (_name, state, askingAssetId, expected) => {
    expect(uriSlugClaimOf({ state, askingAssetId, variants })).toEqual(expected);
  });

  it('names only the temporary variant when the dated one is taken', () => {
    expect(uriSlugClaimOf({ state: owned, variants: { temporary: 'cliff-tmp-2', dated: undefined } }).message).toBe(
      `This URI title is used by asset ${OWNER} (en). Free alternatives: cliff-tmp-2.`,
    );
  });
});

describe('the claim body (spec 000 §7)', () => {
  it('takes data with id, spaces and type', () => {
    expect(claimUriSlugBodySchema.safeParse({ data: { id: 'x', spaces: ['rbcom'], type: 'story' } }).success).toBe(true);
    expect(claimUriSlugBodySchema.safeParse({ data: { id: 'x', spaces: [], type: 'story' } }).success).toBe(false);
    expect(claimUriSlugBodySchema.safeParse({ id: 'x', spaces: ['rbcom'], type: 'story' }).success).toBe(false);
  });
});
