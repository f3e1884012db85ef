import { z } from 'zod';

/** Spec 002 §9: the Usage tab loads this many referencing assets at a time. */
export const USAGE_PAGE_SIZE = 8;

/** Spec 002 §3 usage response: the versions that reference an asset, newest edit first; `total` counts them all. */
export const usageResponseSchema = z.object({
  total: z.number().int(),
  items: z.array(z.object({ id: z.string(), localization: z.string() })),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;
