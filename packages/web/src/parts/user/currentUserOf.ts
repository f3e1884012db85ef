import {
  canUseRoleOverride,
  effectiveRights,
  hasDashboardAccess,
  resolveSettings,
  type RoleOverride,
  type Rights,
  type UserResponse,
} from '@editor/domain';

/** The signed-in user as the app works with them. */
export interface CurrentUser {
  user: UserResponse;
  /** The rights the identity provider grants. */
  originalRights: Rights;
  /** The rights the app acts with: the role override while it is on, otherwise the original ones. */
  effectiveRights: Rights;
  canUseRoleOverride: boolean;
  /** The override in effect; null while it is off. */
  roleOverride: RoleOverride | null;
  hasDashboardAccess: boolean;
  /** The settings with every fallback of spec 000 §4 applied for the effective rights. */
  settings: ReturnType<typeof resolveSettings>;
}

export function currentUserOf(input: { user: UserResponse; storedOverride: RoleOverride | null; allSpaces: readonly string[] }): CurrentUser {
  const { user } = input;
  const originalRights: Rights = { roles: user.roles, spaces: user.spaces, localizations: user.localizations };
  const isAllowed = canUseRoleOverride(originalRights);
  const rights = effectiveRights(originalRights, input.storedOverride);
  return {
    user,
    originalRights,
    effectiveRights: rights,
    canUseRoleOverride: isAllowed,
    roleOverride: isAllowed ? input.storedOverride : null,
    hasDashboardAccess: hasDashboardAccess(rights.spaces),
    settings: resolveSettings(user.settings, rights, input.allSpaces),
  };
}
