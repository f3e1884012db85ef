import { isRole, type RoleOverride } from '@editor/domain';

/**
 * Spec 000 §6: the custom role override is stored locally. It is kept with the id of the user who chose it,
 * so that someone else signing in on the same browser never sends it.
 */
export const ROLE_OVERRIDE_STORAGE_KEY = 'editor-app.role-override';

const CHANGE_EVENT = 'editor-app:role-override-change';

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * The stored override in the shape the server expects, or null. A plain check rather than the domain's schema keeps
 * zod out of every page's first load; the server still checks the header's limits on every call (spec 000 §6).
 */
function overrideOf(value: unknown): RoleOverride | null {
  if (typeof value !== 'object' || value === null) return null;
  const { roles, spaces, localizations } = value as Record<string, unknown>;
  if (!isStringList(roles) || !roles.every(isRole) || !isStringList(spaces) || !isStringList(localizations)) return null;
  return { roles, spaces, localizations };
}

function overrideFrom(raw: string | null, userId: string): RoleOverride | null {
  if (raw === null) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null || !('userId' in stored) || !('override' in stored)) return null;
    if (stored.userId !== userId) return null;
    return overrideOf(stored.override);
  } catch {
    return null;
  }
}

/** The raw stored value; a stable snapshot for `useSyncExternalStore`. */
export function roleOverrideSnapshot(): string | null {
  return window.localStorage.getItem(ROLE_OVERRIDE_STORAGE_KEY);
}

export function readRoleOverride(userId: string): RoleOverride | null {
  return overrideFrom(roleOverrideSnapshot(), userId);
}

/** Parses a snapshot for one user (see `roleOverrideSnapshot`). */
export function roleOverrideOf(snapshot: string | null, userId: string): RoleOverride | null {
  return overrideFrom(snapshot, userId);
}

export function saveRoleOverride(userId: string, override: RoleOverride): void {
  window.localStorage.setItem(ROLE_OVERRIDE_STORAGE_KEY, JSON.stringify({ userId, override }));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Turns the user's override off; another user's stored override stays theirs. */
export function forgetRoleOverride(userId: string): void {
  if (readRoleOverride(userId) === null) return;
  window.localStorage.removeItem(ROLE_OVERRIDE_STORAGE_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls back on every change, in this tab or another one. */
export function subscribeToRoleOverride(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === ROLE_OVERRIDE_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
