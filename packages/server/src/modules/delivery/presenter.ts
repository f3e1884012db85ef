import {
  CROPPER_SIZE_STEP,
  CROP_RATIO_NAMES,
  DELIVERY_PREFIX,
  IMAGE_PROVIDER,
  IMAGE_WIDTHS,
  assetReferenceSchema,
  imageUrlOf,
  isRecord,
  walkValues,
  type DeliveredAsset,
  type InputDefinition,
  type MediaValue,
  type Renditions,
  type StencilDefinition,
} from '@editor/domain';
import type { ImageDelivery } from '../media/imageDelivery.ts';
import { isOfferedCrop } from '../media/renditionLimits.ts';
import { deliverRichText } from './richText.ts';

/**
 * The widths delivered renditions come in (phone, tablet, desktop, high-density desktop), each one the image service
 * renders without rounding: the card width of spec 000 §9 and multiples of the cropper's 250 px step, which the media
 * module's rendition sizes are made of.
 */
export const RENDITION_WIDTHS: readonly number[] = [IMAGE_WIDTHS.card, 3 * CROPPER_SIZE_STEP, 5 * CROPPER_SIZE_STEP, 8 * CROPPER_SIZE_STEP];

/** The rendition widths up to a size (all of them when it is unknown), at least the narrowest. */
function widthsUpTo(size: number | undefined): readonly number[] {
  const fitting = RENDITION_WIDTHS.filter((width) => size === undefined || width <= size);
  return fitting.length > 0 ? fitting : RENDITION_WIDTHS.slice(0, 1);
}

/**
 * The one place delivery builds image URLs, from the image service's vocabulary (media/renditionLimits.ts): the
 * renditions of an image of our image service, by crop (`original`, then each crop ratio of spec 002 §9 the image has
 * an offered crop for, through that crop's region) and width, narrowest first.
 * Widths above the image's (or crop's) own are left out, as the service never enlarges; the narrowest is always
 * offered. Undefined for other providers, whose images we cannot resize. Cheap on purpose: a page has many images.
 */
export function renditionsOf(media: MediaValue, delivery: ImageDelivery): Record<string, Renditions> | undefined {
  if (media.provider !== IMAGE_PROVIDER) return undefined;
  const renditionsAt = (size: number | undefined, region?: NonNullable<MediaValue['ratios']>[string]): Renditions => {
    const urls: Renditions = {};
    for (const width of widthsUpTo(size)) {
      const url = imageUrlOf(media, { width, auto: true, ...(region ? { region } : {}), ...(delivery.baseUrl === undefined ? {} : { baseUrl: delivery.baseUrl }) });
      if (url !== undefined) urls[width] = url;
    }
    return urls;
  };
  const original = renditionsAt(typeof media.width === 'number' ? media.width : undefined);
  if (Object.keys(original).length === 0) return undefined;
  const renditions: Record<string, Renditions> = { original };
  for (const name of CROP_RATIO_NAMES) {
    const crop = media.ratios?.[name];
    if (!crop || !isPoint(crop.p1) || !isPoint(crop.p2)) continue;
    const region = { width: Math.round(crop.p2.x - crop.p1.x), height: Math.round(crop.p2.y - crop.p1.y) };
    // The image service renders only the crops the crop modal makes; another region would be a broken URL.
    if (isOfferedCrop(region)) renditions[name] = renditionsAt(region.width, crop);
  }
  return renditions;
}

/** What delivering content needs besides the content: the references and links live for the key, where images go. */
export interface DeliveryContext {
  /** The referenced asset as delivered, when it is live for the key; undefined leaves the reference out. */
  resolve(assetId: string): DeliveredAsset | undefined;
  /** The delivery address of a linked asset, when it is live for the key; undefined leaves the link out, not its text. */
  linkTo(assetId: string): string | undefined;
  images: ImageDelivery;
}

/** One input as stored: its value and its meta (which is the editor's and not delivered). */
export type StoredValues = Readonly<Record<string, { value?: unknown } | null | undefined>>;

/** Internal links in rich text (spec 002 §7), as `modules/assets/derived.ts` finds them. */
const INTERNAL_LINK = /\/api\/v1\/assets\/([0-9a-f-]{36})/g;

/** A stored media value (its shape was checked when it was saved): what renditions need of it, cheaply. */
function mediaOf(value: unknown): MediaValue | undefined {
  return isRecord(value) && typeof value.provider === 'string' && typeof value.referenceId === 'string' ? (value as MediaValue) : undefined;
}

const isPoint = (point: unknown): point is { x: number; y: number } => isRecord(point) && typeof point.x === 'number' && typeof point.y === 'number';

const referenceIdOf = (value: unknown) => {
  const parsed = assetReferenceSchema.safeParse(value);
  return parsed.success ? parsed.data.id : undefined;
};

const cellsOf = (value: unknown): Array<{ value?: unknown }> => {
  if (!isRecord(value) || !Array.isArray(value.rows)) return [];
  return value.rows.flatMap((row: unknown) => (isRecord(row) && Array.isArray(row.cells) ? (row.cells as unknown[]).filter(isRecord) : []));
};

/** The ids of every asset the content references or links to, to be looked up at once for a whole page. */
export function referencedIds(stencil: StencilDefinition, content: StoredValues, into: Set<string>): void {
  const values = Object.fromEntries(Object.entries(content).map(([name, stored]) => [name, stored?.value]));
  const addLinks = (html: unknown) => {
    if (typeof html === 'string') for (const match of html.matchAll(INTERNAL_LINK)) into.add(match[1]!);
  };
  walkValues(stencil.inputs, values, ({ input, value }) => {
    if (input.type === 'asset' || input.type === 'child-ref') {
      const id = referenceIdOf(value);
      if (id !== undefined) into.add(id);
    } else if (input.type === 'rich-text') addLinks(value);
    else if (input.type === 'table') for (const cell of cellsOf(value)) addLinks(cell.value);
    else if (input.type === 'results-table') {
      for (const cell of cellsOf(value)) {
        const id = referenceIdOf(cell.value);
        if (id !== undefined) into.add(id);
      }
    }
  });
}

function deliverMedia(value: unknown, context: DeliveryContext): unknown {
  const media = mediaOf(value);
  const renditions = media ? renditionsOf(media, context.images) : undefined;
  return media && renditions ? { ...media, renditions } : value;
}

/** A table's cells, each through `cell` (their other fields, the editor's, are left out). */
function deliverTable(value: unknown, cell: (value: unknown) => unknown): unknown {
  if (!isRecord(value) || !Array.isArray(value.rows)) return value;
  const rows = value.rows.map((row: unknown) =>
    isRecord(row) && Array.isArray(row.cells) ? { ...row, cells: (row.cells as unknown[]).map((entry) => (isRecord(entry) ? { value: cell(entry.value) } : entry)) } : row,
  );
  return { ...value, rows };
}

/**
 * One stored value as delivered, by its input's type: rich text sanitised with its tree, images with renditions,
 * references resolved (undefined when the target is not live: the caller leaves it out), containers walked.
 */
export function deliverValue(input: InputDefinition, value: unknown, context: DeliveryContext): unknown {
  if (value === undefined || value === null) return undefined;
  if (input.multiple && Array.isArray(value)) {
    const single = { ...input, multiple: false };
    return value.map((item) => deliverValue(single, item, context)).filter((item) => item !== undefined);
  }
  const c = input.constraints;
  switch (input.type) {
    case 'rich-text':
      return typeof value === 'string' ? deliverRichText(value, context.linkTo) : undefined;
    case 'asset':
    case 'child-ref': {
      const id = referenceIdOf(value);
      return id === undefined ? undefined : context.resolve(id);
    }
    case 'image':
    case 'mime:image':
    case 'service':
      return deliverMedia(value, context);
    case 'table':
      return deliverTable(value, (cell) => (typeof cell === 'string' ? deliverRichText(cell, context.linkTo) : cell));
    case 'results-table':
      return deliverTable(value, (cell) => {
        if (!isRecord(cell)) return cell;
        const id = referenceIdOf(cell);
        return (id === undefined ? undefined : context.resolve(id)) ?? null;
      });
    case 'container': {
      if (!isRecord(value) || !c?.properties) return value;
      const delivered: Record<string, unknown> = {};
      for (const child of c.properties) {
        const item = deliverValue(child, value[child.name], context);
        if (item !== undefined) delivered[child.name] = item;
      }
      return delivered;
    }
    case 'ordered-container': {
      // Positions mean something here: an item left out keeps its place as null.
      if (!Array.isArray(value) || !c?.orderedProperties) return value;
      return c.orderedProperties.map((child, index) => deliverValue(child, value[index], context) ?? null);
    }
    case 'one-of-container': {
      if (!isRecord(value) || typeof value.type !== 'string') return undefined;
      const choice = c?.oneOfProperties?.find((candidate) => candidate.name === value.type);
      if (!choice) return undefined;
      const delivered = deliverValue(choice, value.value, context);
      // A choice whose value was there but is left out (a reference to an asset that is not live) goes as a whole.
      if (delivered === undefined && value.value !== undefined && value.value !== null) return undefined;
      return { type: value.type, value: delivered ?? null };
    }
    default:
      return value;
  }
}

/** The content of a version as delivered, in the stencil's order of inputs; inputs the stencil no longer has are left out. */
export function deliverContent(stencil: StencilDefinition, content: StoredValues, context: DeliveryContext): Record<string, unknown> {
  const delivered: Record<string, unknown> = {};
  for (const input of stencil.inputs) {
    const stored = content[input.name];
    if (!stored) continue;
    const value = deliverValue(input, stored.value, context);
    if (value !== undefined) delivered[input.name] = value;
  }
  return delivered;
}

/**
 * The inputs of a referenced asset's summary: what a card or a link to it shows (texts, numbers, choices, dates,
 * places, images and media), not its rich text, containers, tables or own references.
 */
const SUMMARY_TYPES: ReadonlySet<InputDefinition['type']> = new Set(['text', 'number', 'checkbox', 'select', 'date-time', 'geodata', 'image', 'mime:image', 'service']);

/** A referenced asset's content as delivered inside another: its summary inputs only (one level deep). */
export function deliverSummary(stencil: StencilDefinition, content: StoredValues, context: Pick<DeliveryContext, 'images'>): Record<string, unknown> {
  const leaf: DeliveryContext = { resolve: () => undefined, linkTo: () => undefined, images: context.images };
  return deliverContent({ ...stencil, inputs: stencil.inputs.filter((input) => SUMMARY_TYPES.has(input.type)) }, content, leaf);
}

/** The delivery address of an asset version. */
export function selfHref(id: string, locale: string): string {
  return `${DELIVERY_PREFIX}/assets/${encodeURIComponent(id)}/localizations/${encodeURIComponent(locale)}`;
}

/** The columns of a delivered version that its presentation reads. */
export interface PresentedVersion {
  id: string;
  locale: string;
  stencil: string;
  title: string;
  spaces: readonly string[];
  uriSlugs: readonly string[];
  firstPublishedAt: string;
  lastPublishedAt: string;
}

export function presentAsset(version: PresentedVersion, content: Record<string, unknown>): DeliveredAsset {
  return {
    id: version.id,
    locale: version.locale,
    stencil: version.stencil,
    title: version.title,
    spaces: [...version.spaces],
    uriSlugs: [...version.uriSlugs],
    firstPublishedAt: version.firstPublishedAt,
    lastPublishedAt: version.lastPublishedAt,
    content,
    _links: { self: { href: selfHref(version.id, version.locale) } },
  };
}
