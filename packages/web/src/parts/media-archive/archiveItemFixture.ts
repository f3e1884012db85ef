import type { MediaLibraryItem, MediaLibraryPage } from '@editor/domain';

type ItemOverrides = Partial<Omit<MediaLibraryItem, 'attributes'>> & { attributes?: Partial<MediaLibraryItem['attributes']> };

/** A media archive item for tests, with the files the server lists (original; very large image or poster): an image of asset 'asset-1', ingested on 5 March 2026, blocked nowhere. */
export function buildArchiveItem(overrides: ItemOverrides = {}): MediaLibraryItem {
  const id = overrides.id ?? 'MI-0001';
  const contentType = overrides.contentType ?? 'image';
  const base = `/media/archive/${id}`;
  const resources =
    contentType === 'image'
      ? [
          { type: 'original', url: `${base}/original` },
          { type: 'image-very-large', url: `${base}/image-very-large` },
        ]
      : [{ type: 'original', url: `${base}/original` }, ...(contentType === 'video' ? [{ type: 'poster', url: `${base}/poster` }] : [])];
  return {
    id,
    contentType,
    relationships: overrides.relationships ?? { usedIn: { data: [] } },
    meta: overrides.meta ?? { lastPublished: null, afterSearchPointer: `after-${id}` },
    attributes: {
      assetId: 'asset-1',
      title: 'Cliff diving in Mostar',
      description: 'A diver jumps from the old bridge.',
      photographerCreditOption: null,
      campaignName: null,
      ingestTimestamp: '2026-03-05T10:00:00.000Z',
      referenceKeyFrame: null,
      resources,
      renditionsAvailable: contentType !== 'image',
      channel: null,
      blockedCountries: [],
      duration: contentType === 'image' ? null : 95,
      width: contentType === 'audio' ? null : 1920,
      height: contentType === 'audio' ? null : 1080,
      ...overrides.attributes,
    },
  };
}

/** A page of the archive search: its items and the cursor of the next page (none by default). */
export function buildArchivePage(items: MediaLibraryItem[], afterSearchPointer: string | null = null, total = items.length): MediaLibraryPage {
  return { data: items, meta: { afterSearchPointer, total } };
}
