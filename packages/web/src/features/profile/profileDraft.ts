import { effectiveRights, isRole, resolveUseAutoFilter, type RoleOverride, type Rights, type UserSettings } from '@editor/domain';
import type { CurrentUser } from '../../parts/user/currentUserOf.ts';

/** What the profile modal edits before Confirm. */
export interface ProfileDraft {
  preferredLocalization: string | null;
  defaultSpace: string | null;
  defaultFilter: string | null;
  /** The user's own choice for the auto space filter; a default filter overrides it (see `autoFilterShown`). */
  useAutoFilter: boolean;
  isRoleOverrideOn: boolean;
  roleOverride: RoleOverride;
}

/** Starts from the stored choices; a locale or space never chosen starts at the value the app uses now. */
export function initialDraft(currentUser: CurrentUser, allSpaces: readonly string[]): ProfileDraft {
  const { user, settings } = currentUser;
  return {
    preferredLocalization: user.settings.preferredLocalization ?? settings.preferredLocalization,
    defaultSpace: user.settings.defaultSpace ?? settings.defaultSpace,
    defaultFilter: user.settings.defaultFilter,
    useAutoFilter: resolveUseAutoFilter({
      chosen: user.settings.useAutoFilter,
      defaultFilter: null,
      userSpaces: currentUser.effectiveRights.spaces,
      allSpaces,
    }),
    isRoleOverrideOn: currentUser.roleOverride !== null,
    roleOverride: currentUser.roleOverride ?? {
      roles: user.roles.filter(isRole),
      spaces: [...user.spaces],
      localizations: [...user.localizations],
    },
  };
}

/** The rights that apply once the draft is confirmed: the drafted override while it is switched on. */
export function draftRights(draft: ProfileDraft, originalRights: Rights): Rights {
  return effectiveRights(originalRights, draft.isRoleOverrideOn ? draft.roleOverride : null);
}

/** Spec 001 §4: choosing a default filter turns the auto space filter off. */
export function autoFilterShown(draft: ProfileDraft, rights: Rights, allSpaces: readonly string[]): boolean {
  return resolveUseAutoFilter({ chosen: draft.useAutoFilter, defaultFilter: draft.defaultFilter, userSpaces: rights.spaces, allSpaces });
}

/** The body of `PUT {settings self link}`: the four choices, and the panels as stored. */
export function settingsOf(input: { draft: ProfileDraft; useAutoFilter: boolean; panels: UserSettings['panels'] }): UserSettings {
  const { draft } = input;
  return {
    preferredLocalization: draft.preferredLocalization,
    defaultSpace: draft.defaultSpace,
    defaultFilter: draft.defaultFilter,
    useAutoFilter: input.useAutoFilter,
    ...(input.panels ? { panels: input.panels } : {}),
  };
}
