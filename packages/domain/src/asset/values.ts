import { z } from 'zod';

/** Value shapes of the input types (spec 000 §3, 002 §3). A `multiple` input holds a list of these. */

/** An asset reference: `{ id, stencil }` (spec 002 §3 "Reference value"). */
export const assetReferenceSchema = z.strictObject({ id: z.string().min(1), stencil: z.string().min(1) });
export type AssetReference = z.infer<typeof assetReferenceSchema>;

/** Spec 002 §3: date (ISO-8601), isDateOnly, timezone (IANA). */
export const dateTimeValueSchema = z.strictObject({
  date: z.string().min(1),
  isDateOnly: z.boolean(),
  timezone: z.string().min(1),
});
export type DateTimeValue = z.infer<typeof dateTimeValueSchema>;

/** Spec 002 §3: latitude, longitude, optional altitude. */
export const geodataValueSchema = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  altitude: z.number().optional(),
});
export type GeodataValue = z.infer<typeof geodataValueSchema>;

const pointSchema = z.strictObject({ x: z.number(), y: z.number() });

/** Spec 002 §3 crop ratio: name (e.g. 16x9), p1 and p2 points. */
export const cropRatioSchema = z.strictObject({
  p1: pointSchema,
  p2: pointSchema,
  automatic: z.boolean().optional(),
});
export type CropRatio = z.infer<typeof cropRatioSchema>;

/** Spec 000 §3 media value, used by service, image and mime:image inputs. */
export const mediaValueSchema = z.strictObject({
  provider: z.string().min(1),
  subtype: z.string().optional(),
  referenceId: z.string().min(1),
  mediaType: z.string().optional(),
  blockedIn: z.array(z.string()).optional(),
  height: z.number().optional(),
  width: z.number().optional(),
  imageFormat: z.string().optional(),
  ratios: z.record(z.string(), cropRatioSchema).optional(),
  embedHtml: z.string().optional(),
  vin: z.string().optional(),
  duration: z.number().optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});
export type MediaValue = z.infer<typeof mediaValueSchema>;

/** Spec 002 §3 simple table: columns [title], rows [cells [value]]; a cell value is rich text. */
export const tableValueSchema = z.strictObject({
  columns: z.array(z.strictObject({ title: z.string() })).min(1),
  rows: z.array(z.strictObject({ cells: z.array(z.strictObject({ value: z.string() })) })),
});
export type TableValue = z.infer<typeof tableValueSchema>;

export const RESULT_FORMATS = ['text', 'int', 'asset', 'float', 'integer', 'percent', 'points', 'timestamp'] as const;

/** Spec 002 §3 results table. */
export const resultsTableValueSchema = z.strictObject({
  title: z.string(),
  columns: z.array(
    z.strictObject({ name: z.string(), title: z.string(), pinned: z.boolean().optional(), format: z.enum(RESULT_FORMATS).optional() }),
  ),
  rows: z.array(z.strictObject({ cells: z.array(z.strictObject({ value: z.union([z.string(), z.number(), assetReferenceSchema, z.null()]), invalid: z.boolean().optional() })) })),
});
export type ResultsTableValue = z.infer<typeof resultsTableValueSchema>;

/** A one-of container's value: which choice, and its value. */
export interface OneOfValue {
  type: string;
  value: unknown;
  _meta?: Record<string, unknown> | undefined;
}
