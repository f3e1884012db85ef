import type { AssetListItem, AssetListResponse, Facet, Link } from '@editor/domain';

type Methods = Link['methods'];

const link = (href: string, methods: Methods): Link => ({ href, methods });

interface ListItemOverrides {
  id?: string;
  localization?: string;
  stencil?: string;
  stencilLabel?: string;
  stencilIcon?: string;
  title?: string;
  imageUrl?: string | null;
  image?: AssetListItem['image'];
  /** The media preview panel the card offers (none by default). */
  mediaPreview?: AssetListItem['mediaPreview'];
  meta?: Partial<AssetListItem['_meta']>;
  spaces?: string[];
  bookmarked?: boolean;
  localizations?: Array<{ localization: string; status: string }>;
  /** The methods of the self link; without PUT the asset is read-only. */
  selfMethods?: Methods;
}

/** One asset version as the list call answers it: a published story in en, editable, in rbcom. */
export function buildListItem(overrides: ListItemOverrides = {}): AssetListItem {
  const id = overrides.id ?? 'a1';
  const localization = overrides.localization ?? 'en';
  const version = `/api/v1/assets/${id}/localizations/${localization}`;
  return {
    id,
    localization,
    stencil: overrides.stencil ?? 'story',
    stencilLabel: overrides.stencilLabel ?? 'Story',
    stencilIcon: overrides.stencilIcon ?? 'article',
    title: overrides.title ?? 'Cliff diving in Mostar',
    imageUrl: overrides.imageUrl === undefined ? `/media/images/${id}.jpg?w=400` : overrides.imageUrl,
    image: overrides.image ?? null,
    mediaPreview: overrides.mediaPreview ?? null,
    _meta: {
      status: 'published',
      createdBy: 'Emma Editor',
      createdDate: '2026-03-01T09:00:00.000Z',
      updatedBy: 'Emma Editor',
      updatedDate: '2026-03-12T10:30:00.000Z',
      lastPublished: '2026-03-12T10:30:00.000Z',
      publishSchedule: { startDate: null, endDate: null },
      changedProperties: [],
      previewedProperties: [],
      aiTranslationNeedsConfirmation: false,
      errorCount: 0,
      ...overrides.meta,
    },
    _embedded: {
      about: {
        id,
        _meta: {
          spaces: overrides.spaces ?? ['rbcom'],
          bookmarked: overrides.bookmarked ?? false,
          localizations: overrides.localizations ?? [{ localization, status: 'published' }],
        },
      },
    },
    _links: {
      self: link(version, overrides.selfMethods ?? ['GET', 'PUT', 'DELETE']),
      'p:publish': link(`${version}/publish`, ['POST']),
      'p:depublish': link(`${version}/depublish`, ['POST']),
      'p:preview': link(`${version}/preview`, ['POST']),
      'p:usage': link(`/api/v1/assets/${id}/usage`, ['GET']),
      'p:bookmark': link(`${version}/bookmark`, ['PUT', 'DELETE']),
      'p:localization': link(`/api/v1/assets/${id}/localization`, ['GET']),
    },
  };
}

export const STENCIL_FACET: Facet = {
  name: 'stencil',
  label: 'Asset type',
  selectionBehavior: 'multi',
  buckets: [
    { name: 'story', label: 'Story', count: 40 },
    { name: 'video', label: 'Video', count: 12 },
    { name: 'image', label: 'Image', count: 3 },
  ],
};

export const SPACE_FACET: Facet = {
  name: 'space',
  label: 'Space',
  selectionBehavior: 'multi',
  buckets: [
    { name: 'rbcom', label: 'rbcom', count: 50 },
    { name: 'global', label: 'global', count: 5 },
  ],
};

/** A list answer; `next` adds a link to the following page. */
export function buildListResponse(
  input: { items?: AssetListItem[]; total?: number; facets?: Facet[]; next?: string; sortBy?: AssetListResponse['sortBy'] } = {},
): AssetListResponse {
  const items = input.items ?? [buildListItem()];
  return {
    _embedded: { item: items },
    facets: input.facets ?? [STENCIL_FACET, SPACE_FACET],
    size: items.length,
    total: input.total ?? items.length,
    sortBy: input.sortBy ?? 'lastEdited',
    _links: {
      self: { href: '/api/v1/assets' },
      search: { href: '/api/v1/assets' },
      ...(input.next ? { next: { href: input.next } } : {}),
    },
  };
}
