import { returnToOf, type SignInState } from './returnTo.ts';
import { SignInError } from './signInClient.ts';

/** Asks the provider to sign in without showing anything: it answers at once, signed in or with an error. */
export const QUIET_PROMPT = 'none';

/** The provider's answers to prompt=none that mean the person has to sign in themselves (OpenID Connect Core §3.1.2.6). */
const NEEDS_THE_PERSON: readonly string[] = ['login_required', 'interaction_required', 'consent_required', 'account_selection_required'];

/**
 * When the quiet sign-in came back because the provider has no session for this browser (none yet, ended, or its
 * cookie not sent), the state to continue with the normal sign-in; otherwise undefined.
 */
export function interactiveSignInAfter(error: SignInError | undefined): SignInState | undefined {
  if (!(error instanceof SignInError) || !NEEDS_THE_PERSON.includes(error.code ?? '')) return undefined;
  return { returnTo: returnToOf(error.state) };
}
