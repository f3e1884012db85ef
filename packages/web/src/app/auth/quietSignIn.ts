import { ErrorResponse } from 'oidc-client-ts';
import type { ErrorContext } from 'react-oidc-context';
import { returnToOf, type SignInState } from './returnTo.ts';

/** Asks the provider to sign in without showing anything: it answers at once, signed in or with an error. */
export const QUIET_PROMPT = 'none';

/** The provider's answers to prompt=none that mean the person has to sign in themselves (OpenID Connect Core §3.1.2.6). */
const NEEDS_THE_PERSON: readonly string[] = ['login_required', 'interaction_required', 'consent_required', 'account_selection_required'];

/**
 * When the quiet sign-in came back because the provider has no session for this browser (none yet, ended, or its
 * cookie not sent), the state to continue with the normal sign-in; otherwise undefined.
 */
export function interactiveSignInAfter(error: ErrorContext | undefined): SignInState | undefined {
  if (error?.source !== 'signinCallback' || !(error.innerError instanceof ErrorResponse)) return undefined;
  if (!NEEDS_THE_PERSON.includes(error.innerError.error ?? '')) return undefined;
  return { returnTo: returnToOf(error.innerError.state) };
}
