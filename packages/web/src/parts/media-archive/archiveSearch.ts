import { DEFAULT_PAGE_SIZE, MEDIA_CHANNELS, MEDIA_CONTENT_TYPES, type MediaChannel, type MediaContentType } from '@editor/domain';

/** The archive's filters (spec 001 §2.7): one content type, one channel, a search text. */
export interface ArchiveFilters {
  contentType?: MediaContentType | undefined;
  channel?: MediaChannel | undefined;
  q?: string | undefined;
}

/** The names the filters have in the page's URL query. */
const URL_KEYS = { contentType: 'type', channel: 'channel', q: 'q' } as const;

export const CONTENT_TYPE_OPTIONS = [
  { value: 'audio', label: 'Audio' },
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
] as const satisfies readonly { value: MediaContentType; label: string }[];

export const CHANNEL_OPTIONS = [
  { value: 'cartoons', label: 'Cartoons' },
  { value: 'media-partnerships', label: 'Media partnerships' },
] as const satisfies readonly { value: MediaChannel; label: string }[];

/** Spec 000 §7: the archive is searched newest ingest first. */
export const ARCHIVE_SORT = '-ingest_timestamp';

const isContentType = (value: string | null): value is MediaContentType => (MEDIA_CONTENT_TYPES as readonly (string | null)[]).includes(value);
const isChannel = (value: string | null): value is MediaChannel => (MEDIA_CHANNELS as readonly (string | null)[]).includes(value);

/** The filters a URL query names; unknown values are ignored, as if not set. */
export function archiveFiltersFromSearch(search: URLSearchParams): ArchiveFilters {
  const contentType = search.get(URL_KEYS.contentType);
  const channel = search.get(URL_KEYS.channel);
  const q = search.get(URL_KEYS.q)?.trim();
  return {
    ...(isContentType(contentType) ? { contentType } : {}),
    ...(isChannel(channel) ? { channel } : {}),
    ...(q ? { q } : {}),
  };
}

/** The URL query of a set of filters: type, channel, q, only those set. */
export function searchOfArchiveFilters(filters: ArchiveFilters): string {
  const search = new URLSearchParams();
  if (filters.contentType) search.set(URL_KEYS.contentType, filters.contentType);
  if (filters.channel) search.set(URL_KEYS.channel, filters.channel);
  if (filters.q?.trim()) search.set(URL_KEYS.q, filters.q.trim());
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The parameters of the archive search's first page (spec 000 §7 `GET api/v1/sparkle/assets`), in a fixed order. */
export function archiveRequestParams(filters: ArchiveFilters): Record<string, string> {
  return {
    limit: String(DEFAULT_PAGE_SIZE),
    ...(filters.q?.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.contentType ? { contentType: filters.contentType } : {}),
    ...(filters.channel ? { channel: filters.channel } : {}),
    sort: ARCHIVE_SORT,
  };
}

/** The path of a page of the archive search: the first without a cursor, every further one after the previous page's pointer. */
export function archivePagePath(params: Readonly<Record<string, string>>, searchAfter: string | null): string {
  const query = new URLSearchParams(params);
  if (searchAfter !== null) query.set('searchAfter', searchAfter);
  return `/api/v1/sparkle/assets?${query.toString()}`;
}
