import { z } from 'zod';
import { MAIN_SPACE } from '../spaces/spaces.ts';

const trendingContentSchema = z.strictObject({
  name: z.string().max(200).optional(),
  assetTypes: z.array(z.string().max(100)).max(100).optional(),
  eventSeries: z.array(z.string().max(100)).max(100).optional(),
  locales: z.array(z.string().max(20)).max(100).optional(),
  disciplines: z.array(z.string().max(100)).max(100).optional(),
});

/** Spec 000 §3, 001 §3: the settings a user keeps. `null` means "not chosen". */
export const userSettingsSchema = z.strictObject({
  preferredLocalization: z.string().max(20).nullable(),
  defaultSpace: z.string().max(100).nullable(),
  defaultFilter: z.string().max(100).nullable(),
  useAutoFilter: z.boolean().nullable(),
  panels: z.strictObject({ trendingContent: trendingContentSchema.optional() }).optional(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const EMPTY_SETTINGS: UserSettings = {
  preferredLocalization: null,
  defaultSpace: null,
  defaultFilter: null,
  useAutoFilter: null,
};

/** Spec 000 §4: the preferred locale falls back to the first allowed locale, else en. */
export function resolvePreferredLocalization(chosen: string | null, allowed: readonly string[]): string {
  if (chosen && allowed.includes(chosen)) return chosen;
  return allowed[0] ?? 'en';
}

/** Spec 000 §4: the default space falls back to the main website space, else the first space. */
export function resolveDefaultSpace(chosen: string | null, spaces: readonly string[]): string | null {
  if (chosen && spaces.includes(chosen)) return chosen;
  if (spaces.includes(MAIN_SPACE)) return MAIN_SPACE;
  return spaces[0] ?? null;
}

/** Spec 000 §4: the auto filter is on by default unless a default filter is set or the user has all spaces. */
export function resolveUseAutoFilter(input: {
  chosen: boolean | null;
  defaultFilter: string | null;
  userSpaces: readonly string[];
  allSpaces: readonly string[];
}): boolean {
  // Spec 001 §4: choosing a default filter disables the auto-filter toggle.
  if (input.defaultFilter) return false;
  if (input.chosen !== null) return input.chosen;
  const hasAllSpaces = input.allSpaces.every((space) => input.userSpaces.includes(space));
  return !hasAllSpaces;
}

/** The settings as the app uses them: every fallback of spec 000 §4 applied for the given rights. */
export function resolveSettings(
  settings: UserSettings,
  rights: { spaces: readonly string[]; localizations: readonly string[] },
  allSpaces: readonly string[],
): UserSettings & { preferredLocalization: string; useAutoFilter: boolean } {
  return {
    ...settings,
    preferredLocalization: resolvePreferredLocalization(settings.preferredLocalization, rights.localizations),
    defaultSpace: resolveDefaultSpace(settings.defaultSpace, rights.spaces),
    useAutoFilter: resolveUseAutoFilter({
      chosen: settings.useAutoFilter,
      defaultFilter: settings.defaultFilter,
      userSpaces: rights.spaces,
      allSpaces,
    }),
  };
}

/** Spec 001 §5: the chosen locale and space values that lie outside the user's rights. */
export function settingsOutsideRights(
  settings: Pick<UserSettings, 'preferredLocalization' | 'defaultSpace'>,
  rights: { spaces: readonly string[]; localizations: readonly string[] },
): string[] {
  const outside: string[] = [];
  if (settings.preferredLocalization && !rights.localizations.includes(settings.preferredLocalization)) {
    outside.push(settings.preferredLocalization);
  }
  if (settings.defaultSpace && !rights.spaces.includes(settings.defaultSpace)) {
    outside.push(settings.defaultSpace);
  }
  return outside;
}
