import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeliveredAsset } from '@editor/domain';
import { documentItem, documentJson } from './documents.ts';
import type { VersionRow } from './repository.ts';

const rowOf = (asset: DeliveredAsset, stored: { json: string; refs: string }): VersionRow => ({
  asset_id: asset.id,
  locale: asset.locale,
  stencil: asset.stencil,
  spaces: ',rbcom,',
  first_published_at: asset.firstPublishedAt,
  last_published_at: asset.lastPublishedAt,
  title: asset.title,
  sort_title: asset.title.toLowerCase(),
  content: null,
  publish_end: null,
  embargo_end: null,
  doc_json: stored.json,
  doc_etag: '"tag"',
  doc_asset_ids: asset.id,
  doc_refs: stored.refs,
  doc_valid_until: null,
});

const names = fc.constantFrom('title', 'teaser', 'hero-image', 'story-content', 'disciplines', 'quote"s', 'ünï', '__weird\\name');
const assets = fc.record({
  id: fc.uuid(),
  title: fc.string(),
  content: fc.dictionary(names, fc.jsonValue()),
  extra: fc.option(fc.string(), { nil: undefined }),
});

describe('a ready document cut to a field selection', () => {
  it('writes what JSON.stringify writes, and cuts what a parse, a filter and JSON.stringify would make', () => {
    fc.assert(
      fc.property(assets, fc.array(names), ({ id, title, content, extra }, fields) => {
        const asset = { id, locale: 'en', stencil: 'story', title, spaces: ['rbcom'], uriSlugs: [], firstPublishedAt: '2026-01-01T00:00:00.000Z', lastPublishedAt: '2026-01-01T00:00:00.000Z', content, extra, _links: { self: { href: `/delivery/v1/assets/${id}/localizations/en` } } } as unknown as DeliveredAsset;
        const stored = documentJson(asset, { disciplines: ['d1'], teaser: ['t1'] });
        expect(stored.json).toBe(JSON.stringify(asset));
        const cut = documentItem(rowOf(asset, stored), fields);
        const selected = new Set<string>(fields);
        const expected = JSON.parse(JSON.stringify(asset)) as DeliveredAsset;
        expected.content = Object.fromEntries(Object.entries(expected.content).filter(([name]) => selected.has(name)));
        expect(cut.json).toBe(JSON.stringify(expected));
        expect(cut.assetIds.toSorted()).toEqual([id, ...(selected.has('disciplines') ? ['d1'] : []), ...(selected.has('teaser') ? ['t1'] : [])].toSorted());
      }),
    );
  });
});
