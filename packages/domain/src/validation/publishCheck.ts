import { z } from 'zod';
import { validationErrorSchema } from './validationError.ts';

/** One asset version a publish check looked at: the asset itself or one it references. */
export const publishCheckItemSchema = z.object({
  id: z.string(),
  localization: z.string(),
  stencil: z.string(),
  title: z.string(),
  status: z.string(),
  /** The validation errors that stop this version from being published (spec 002 §3 "items (each with errorMessages)"). */
  errorMessages: z.array(validationErrorSchema),
});
export type PublishCheckItem = z.infer<typeof publishCheckItemSchema>;

const relationSchema = z.object({ id: z.string(), localization: z.string() });

/**
 * Spec 002 §3, §4 publish check (`GET` on `p:publishcheck`): whether the asset can be published now, and what
 * publishing it would touch. `items` are the versions that would be published with it (itself first, then the
 * unpublished ones it references); `errorItems` those of them with errors.
 */
export const publishCheckResponseSchema = z.object({
  readyToPublish: z.boolean(),
  /** Referenced versions that already have a scheduled publish. */
  alreadyScheduledRelations: z.array(relationSchema),
  /** Referenced versions that are scheduled to be unpublished (they would disappear from this asset). */
  unpublishScheduledRelations: z.array(relationSchema),
  /** Referenced versions whose embargo does not allow publishing now. */
  embargoRestrictedRelations: z.array(relationSchema),
  errorItems: z.array(publishCheckItemSchema),
  items: z.array(publishCheckItemSchema),
});
export type PublishCheckResponse = z.infer<typeof publishCheckResponseSchema>;

/** Spec 002 §3 publish form: `publishSchedule { startDate, endDate }`; both empty means publish now. */
export const publishBodySchema = z.object({
  publishSchedule: z
    .object({ startDate: z.string().nullable().optional(), endDate: z.string().nullable().optional() })
    .optional(),
});
export type PublishBody = z.infer<typeof publishBodySchema>;

/** Spec 002 §5: stencils whose assets need an unpublish date to be published. */
export const UNPUBLISH_DATE_REQUIRED_STENCILS: readonly string[] = ['onsite-promotion', 'external-content-resource'];
