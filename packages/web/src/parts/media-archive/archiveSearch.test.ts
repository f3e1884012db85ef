import { describe, expect, it } from 'vitest';
import { archiveFiltersFromSearch, archivePagePath, archiveRequestParams, searchOfArchiveFilters } from './archiveSearch.ts';

describe('archive filters in the URL', () => {
  it('reads type, channel and search text, ignoring unknown values', () => {
    expect(archiveFiltersFromSearch(new URLSearchParams('type=video&channel=cartoons&q=%20surf%20'))).toEqual({ contentType: 'video', channel: 'cartoons', q: 'surf' });
    expect(archiveFiltersFromSearch(new URLSearchParams('type=story&channel=tv&q='))).toEqual({});
  });

  it('writes only the filters that are set, and reads back what it wrote', () => {
    expect(searchOfArchiveFilters({})).toBe('');
    expect(searchOfArchiveFilters({ q: '  ' })).toBe('');
    const search = searchOfArchiveFilters({ contentType: 'audio', channel: 'media-partnerships', q: 'big wave' });
    expect(search).toBe('?type=audio&channel=media-partnerships&q=big+wave');
    expect(archiveFiltersFromSearch(new URLSearchParams(search))).toEqual({ contentType: 'audio', channel: 'media-partnerships', q: 'big wave' });
  });
});

describe('archive search parameters (spec 000 §7)', () => {
  it('always asks for a page newest ingest first, and adds the filters that are set', () => {
    expect(archiveRequestParams({})).toEqual({ limit: '12', sort: '-ingest_timestamp' });
    expect(archiveRequestParams({ contentType: 'image', channel: 'cartoons', q: 'surf' })).toEqual({
      limit: '12',
      q: 'surf',
      contentType: 'image',
      channel: 'cartoons',
      sort: '-ingest_timestamp',
    });
  });

  it('asks for a further page after the previous page’s pointer', () => {
    const params = archiveRequestParams({ contentType: 'video' });
    expect(archivePagePath(params, null)).toBe('/api/v1/sparkle/assets?limit=12&contentType=video&sort=-ingest_timestamp');
    expect(archivePagePath(params, 'p/2')).toBe('/api/v1/sparkle/assets?limit=12&contentType=video&sort=-ingest_timestamp&searchAfter=p%2F2');
  });
});
