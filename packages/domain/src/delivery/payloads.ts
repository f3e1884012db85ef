import { z } from 'zod';
import { mediaValueSchema } from '../asset/values.ts';
import { normaliseEaqlDate } from '../eaql/eaqlValues.ts';
import { LOCALE_ID_PATTERN as LOCALE } from '../locale/locale.ts';

/** Where the delivery API lives, apart from the editor's `/api/v1`. */
export const DELIVERY_PREFIX = '/delivery/v1';

/** The tags delivered rich text is made of: the preview's allow-list (spec 002 §2 preview), nothing else. */
export const RICH_TEXT_TAGS = ['p', 'strong', 'em', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'a'] as const;
export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/**
 * Rich text as a tree a website renders without HTML: text, and elements of the allow-list. A link has its `href`
 * when it has a safe one; a link to another delivered asset also names it (`assetId`).
 */
export type RichTextNode =
  | { type: 'text'; text: string }
  | { type: 'element'; tag: RichTextTag; href?: string | undefined; assetId?: string | undefined; children: RichTextNode[] };

export const richTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('text'), text: z.string() }),
    z.object({ type: z.literal('element'), tag: z.enum(RICH_TEXT_TAGS), href: z.string().optional(), assetId: z.string().optional(), children: z.array(richTextNodeSchema) }),
  ]),
);

/** A rich-text value as delivered: sanitised HTML and the same text as a tree. */
export const deliveredRichTextSchema = z.object({ html: z.string(), nodes: z.array(richTextNodeSchema) });
export type DeliveredRichText = z.infer<typeof deliveredRichTextSchema>;

/** Ready image URLs by width in pixels (`{ "400": url, "750": url }`), narrowest first: a `srcset` in JSON. */
export const renditionsSchema = z.record(z.string().regex(/^\d+$/), z.string());
export type Renditions = z.infer<typeof renditionsSchema>;

/**
 * An image value of our image service as delivered: the media value and its ready rendition URLs, by crop (`original`
 * for the whole image, else the name of one of its crop ratios, as cut by the editor) and width.
 */
export const deliveredImageSchema = mediaValueSchema.extend({ renditions: z.record(z.string(), renditionsSchema) });
export type DeliveredImage = z.infer<typeof deliveredImageSchema>;

const hrefSchema = z.object({ href: z.string() });

/**
 * One delivered asset version: its published content by input name, values as the stencil stores them except rich
 * text (`deliveredRichTextSchema`), images of our image service (`deliveredImageSchema`) and references, which are
 * the referenced asset delivered the same way (one level deep: its own references are left out). A reference to an
 * asset that is not live for the key is left out, as if it were not there.
 */
export const deliveredAssetSchema = z.object({
  id: z.string(),
  locale: z.string(),
  stencil: z.string(),
  title: z.string(),
  /** The asset's spaces the key may read. */
  spaces: z.array(z.string()),
  /** The URI slugs (`{space}:{slug region locale}:{uri title}`) this version owns in those spaces. */
  uriSlugs: z.array(z.string()),
  firstPublishedAt: z.string(),
  lastPublishedAt: z.string(),
  content: z.record(z.string(), z.unknown()),
  _links: z.object({ self: hrefSchema }),
});
export type DeliveredAsset = z.infer<typeof deliveredAssetSchema>;

/** A page of the delivery list: newest first or by title; `next` continues it. */
export const deliveryListResponseSchema = z.object({
  _embedded: z.object({ item: z.array(deliveredAssetSchema) }),
  _links: z.object({ self: hrefSchema, next: hrefSchema.optional() }),
  size: z.number().int(),
});
export type DeliveryListResponse = z.infer<typeof deliveryListResponseSchema>;

export const DELIVERY_SORTS = ['newest', 'title'] as const;
export type DeliverySort = (typeof DELIVERY_SORTS)[number];
export const DELIVERY_PAGE_SIZE = { default: 20, max: 100 } as const;

/** A comma-separated list of ids (`stencil=story,video`); each entry must match `pattern`. */
const listOf = (pattern: RegExp, what: string) =>
  z
    .string()
    .max(2000)
    .optional()
    .transform((value) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean))
    .refine((values) => values.length <= 100 && values.every((value) => pattern.test(value)), `must be a comma-separated list of ${what}`);

/** A day (2026-01-31, the whole day in UTC) or a date-time with its zone. */
const dateBound = z
  .string()
  .optional()
  .refine((value) => value === undefined || normaliseEaqlDate(value) !== undefined, 'must be a date like 2026-01-31 or a date-time like 2026-01-31T12:00:00Z');

const NAME = /^[a-z0-9][a-z0-9_-]{0,99}$/;
const ASSET_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
const INPUT_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** How many content inputs one `fields` selection may name. */
export const DELIVERY_MAX_FIELDS = 50;

/** The query of the delivery list; every filter narrows within what the key may read. */
export const deliveryListQuerySchema = z.object({
  locale: listOf(LOCALE, 'locales'),
  stencil: listOf(NAME, 'stencil names'),
  space: listOf(NAME, 'space ids'),
  /** Asset ids of tags (disciplines, content categories, LSC, tags): a version with any of them. */
  tag: listOf(ASSET_ID, 'asset ids'),
  /** The first publish date, from and to (both included). */
  publishedFrom: dateBound,
  publishedTo: dateBound,
  sort: z.enum(DELIVERY_SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(DELIVERY_PAGE_SIZE.max).default(DELIVERY_PAGE_SIZE.default),
  /** The content inputs a page shows (`fields=title,teaser,hero-image`); all of them when absent, none when empty. */
  fields: z
    .string()
    .max(2000)
    .optional()
    .transform((value) => (value === undefined ? undefined : value.split(',').map((item) => item.trim()).filter(Boolean)))
    .refine((names) => names === undefined || (names.length <= DELIVERY_MAX_FIELDS && names.every((name) => INPUT_NAME.test(name))), 'must be a comma-separated list of input names'),
  /** The `next` link's cursor, as the server signed it. */
  cursor: z.string().max(1000).optional(),
});
export type DeliveryListQuery = z.output<typeof deliveryListQuerySchema>;

/** The field selection of a single asset's call. */
export const deliveryAssetQuerySchema = deliveryListQuerySchema.pick({ fields: true });
