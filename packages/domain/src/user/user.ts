import { z } from 'zod';
import { filtersSchema } from '../filters/filters.ts';
import { linkSchema } from '../api/errors.ts';
import { userSettingsSchema } from './settings.ts';

export const savedFilterSchema = z.object({
  id: z.string(),
  filters: filtersSchema,
  _links: z.object({ self: linkSchema }),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

/** The answer of `GET /api/v1/user` (spec 000 §3, §7; 001 §3). Rights are the original ones, never overridden. */
export const userResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  shortname: z.string().nullable(),
  roles: z.array(z.string()),
  spaces: z.array(z.string()),
  localizations: z.array(z.string()),
  hasDashboardAccess: z.boolean(),
  settings: userSettingsSchema.extend({ _links: z.object({ self: linkSchema }) }),
  filters: z.array(savedFilterSchema),
  _links: z.object({ self: linkSchema, 'p:filters': linkSchema }),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

/** The body of `PUT {settings self link}`. */
export const settingsUpdateSchema = userSettingsSchema;
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/** The answer of `GET /api/v1/users?q=` (spec 001 §7 users search), for the author filter. */
export const userSearchResponseSchema = z.object({
  _embedded: z.object({ item: z.array(z.object({ id: z.string(), name: z.string() })) }),
});
export type UserSearchResponse = z.infer<typeof userSearchResponseSchema>;
