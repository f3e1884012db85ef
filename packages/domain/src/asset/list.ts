import { z } from 'zod';
import { linkSchema } from '../api/errors.ts';
import { mediaValueSchema } from './values.ts';
import { ASSET_STATUSES } from './status.ts';
import { mediaPreviewSchema } from './mediaPreview.ts';

/** Spec 001 §2.3 sort options; relevance applies while a search text is active. */
export const SORT_OPTIONS = ['lastEdited', 'lastPublished', 'lastCreated', 'relevance'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Spec 000 §9, 001 §7: the list page size and the limit of the dashboard lists. */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

/** Spec 001 §2.3: from this many assets on, the count reads 'More than 10000 Assets'. */
export const COUNT_CAP = 10_000;

/** One asset version as a list shows it (spec 001 §3, card view): no content, but what cards need. */
export const assetListItemSchema = z.object({
  id: z.string(),
  localization: z.string(),
  stencil: z.string(),
  stencilLabel: z.string(),
  stencilIcon: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  image: mediaValueSchema.nullable(),
  /** Spec 001 §2.3: the media preview panel the card offers, if any; the panel reads the input's value when opened. */
  mediaPreview: mediaPreviewSchema.nullable(),
  _meta: z.object({
    status: z.enum(ASSET_STATUSES),
    createdBy: z.string(),
    createdDate: z.string(),
    updatedBy: z.string(),
    updatedDate: z.string(),
    lastPublished: z.string().nullable(),
    publishSchedule: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
    changedProperties: z.array(z.string()),
    previewedProperties: z.array(z.string()),
    aiTranslationNeedsConfirmation: z.boolean(),
    /** Spec 000 §5: the version's validation errors, for card health. */
    errorCount: z.number().int(),
  }),
  _embedded: z.object({
    about: z.object({
      id: z.string(),
      _meta: z.object({
        spaces: z.array(z.string()),
        bookmarked: z.boolean(),
        localizations: z.array(z.object({ localization: z.string(), status: z.string() })),
      }),
    }),
  }),
  _links: z.object({
    self: linkSchema,
    'p:publish': linkSchema,
    'p:depublish': linkSchema,
    'p:preview': linkSchema,
    'p:usage': linkSchema,
    'p:bookmark': linkSchema,
    'p:localization': linkSchema,
  }),
});
export type AssetListItem = z.infer<typeof assetListItemSchema>;

/** Spec 001 §3 facet: name, label, buckets with counts, and how its buckets are selected. */
export const facetSchema = z.object({
  name: z.string(),
  label: z.string(),
  selectionBehavior: z.enum(['multi', 'single']),
  buckets: z.array(z.object({ name: z.string(), label: z.string(), count: z.number().int() })),
});
export type Facet = z.infer<typeof facetSchema>;

/** Spec 000 §3 asset list response. `total` stops counting above COUNT_CAP (it is then COUNT_CAP + 1). */
export const assetListResponseSchema = z.object({
  _embedded: z.object({ item: z.array(assetListItemSchema) }),
  facets: z.array(facetSchema),
  size: z.number().int(),
  total: z.number().int(),
  sortBy: z.enum(SORT_OPTIONS),
  _links: z.object({ self: z.object({ href: z.string() }), search: z.object({ href: z.string() }), next: z.object({ href: z.string() }).optional() }),
});
export type AssetListResponse = z.infer<typeof assetListResponseSchema>;

/** Spec 001 §2.3 count text. */
export function assetCountText(total: number, filtersActive: boolean): string {
  const suffix = filtersActive ? ' in' : '';
  if (total > COUNT_CAP - 1) return `More than ${COUNT_CAP} Assets${suffix}`;
  if (total > 0 && total < 100) return `Less than 100 Assets${suffix}`;
  return `${total} Assets${suffix}`;
}

/** The key of an asset version (spec 000 §1: id plus locale), read from any answer that carries one, e.g. a created asset. */
export const assetVersionKeySchema = z.looseObject({ id: z.string(), localization: z.string() });
export type AssetVersionKey = z.infer<typeof assetVersionKeySchema>;
