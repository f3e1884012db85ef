import { AUTH_PATHS } from '../../router/routes.ts';

/** The state the sign-in carries through the provider: where the user wanted to go. */
export interface SignInState {
  returnTo: string;
}

const OUTSIDE_MAIN_VIEW: readonly string[] = Object.values(AUTH_PATHS);

/** Where to continue after sign-in: a path of this app that needs sign-in, otherwise home. */
export function returnToOf(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return '/';
  const target = state.returnTo;
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  const path = target.split(/[?#]/)[0] ?? target;
  return OUTSIDE_MAIN_VIEW.includes(path) ? '/' : target;
}
