import { SILENT_SIGN_IN_PATH, type AppConfig } from '@editor/domain';
import { AUTH_PATHS } from '../../router/routes.ts';
import { landingOfHiddenFrame } from './hiddenFrame.ts';

/**
 * The OpenID Connect client of the app: authorization code flow with PKCE against the configured provider, as a
 * public client (OpenID Connect Core §3.1, RFC 7636). The signed-in user, tokens included, lives in this page's memory
 * only, where no script injected into the page can read it from a storage. A reload or a new tab signs in again
 * through the provider's session without a password: first quietly in a hidden frame (prompt=none, answered to the
 * silent sign-in page, whose address the page reads), so the page shows directly; when the provider does not answer
 * there, by the login page's visible prompt=none redirect. Each page renews with its own refresh token: the provider
 * rotates refresh tokens and revokes the whole grant when a used one comes back, which two pages renewing from one
 * copied token would do.
 *
 * The ID token comes straight from the provider's token endpoint over the connection the browser checked, so its
 * claims are checked here (issuer, audience, expiry, nonce) and its signature by the server on every call.
 */

/** The claims of an ID token the app reads. */
export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat?: number;
  nonce?: string;
  [claim: string]: unknown;
}

export interface SignedInUser {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  profile: IdTokenClaims;
}

/** What went wrong, by the OAuth error code where the provider gave one (`login_required` after a quiet sign-in). */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    /** The app's state of the sign-in this answers, when it was known. */
    readonly state?: unknown,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint?: string;
}

interface TokenAnswer {
  id_token?: string;
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

/** A sign-in on its way to the provider, kept in session storage for the callback. */
interface PendingSignIn {
  codeVerifier: string;
  nonce: string;
  state: unknown;
  createdAt: number;
}

export interface SignInClient {
  getUser(): SignedInUser | null;
  /** Called whenever the user changes (signed in, renewed, signed out). */
  subscribe(listener: () => void): () => void;
  /** Sends the browser to the provider's login; `prompt: 'none'` asks without showing anything. */
  signInRedirect(options: { state: unknown; prompt?: string }): Promise<void>;
  /**
   * Signs in without leaving the page, through the provider's session (prompt=none in a hidden frame); rejects with a
   * SignInError when the provider did not sign in there (no session, a provider that cannot be framed, no answer).
   */
  signInSilently(): Promise<void>;
  /** Finishes a sign-in at /callback: the app state it carried, or a SignInError. */
  handleCallback(url: string): Promise<unknown>;
  /**
   * Forgets the user and sends the browser to the provider to end its session (it returns to /logout). Resolves
   * false when the provider has no end-session endpoint and the browser stays.
   */
  signOutRedirect(): Promise<boolean>;
  removeUser(): void;
  /** Sets the user directly (tests). */
  storeUser(user: SignedInUser): void;
}

interface SignInClientOptions {
  origin?: string;
  /** Leaves the app for the provider. */
  redirect?: (url: string) => void;
  /** Opens the provider in a hidden frame; the address it lands on at the silent sign-in page, or undefined. */
  loadInHiddenFrame?: (url: string) => Promise<string | undefined>;
}

/** Where pending sign-ins are kept; an earlier version's `oidc.` entries are cleared as well. */
const PENDING_PREFIX = 'editor-app.signin.';
const LEGACY_PREFIX = 'oidc.';
/** A sign-in not finished within this time is dropped. */
const PENDING_LIFETIME_MS = 15 * 60_000;
/** Renew this long before the tokens expire. */
const RENEW_BEFORE_EXPIRY_S = 60;
/** Accepts clocks this far apart between browser and provider. */
const CLOCK_SKEW_S = 300;
const REQUEST_TIMEOUT_MS = 10_000;

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const randomText = (size = 32) => base64url(crypto.getRandomValues(new Uint8Array(size)));

/** PKCE S256: the challenge the provider keeps until the token request shows the verifier (RFC 7636 §4.2). */
export async function codeChallengeOf(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** The claims of a JWT, unverified. */
export function claimsOf(jwt: string): IdTokenClaims {
  const payload = jwt.split('.')[1];
  if (!payload) throw new SignInError('The provider sent an ID token that is not a JWT.');
  const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as IdTokenClaims;
}

/** OpenID Connect Core §3.1.3.7: the ID token was made by this provider, for this app, and is current. */
export function checkIdToken(claims: IdTokenClaims, expected: { issuer: string; clientId: string; nonce?: string; now: number }): void {
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== expected.issuer) throw new SignInError(`The ID token comes from ${String(claims.iss)}, not from ${expected.issuer}.`);
  if (!audiences.includes(expected.clientId)) throw new SignInError('The ID token was not made for this app.');
  if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_S < expected.now) throw new SignInError('The ID token has expired. Check the computer’s clock.');
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new SignInError('The ID token names no user.');
  if (expected.nonce !== undefined && claims.nonce !== expected.nonce) throw new SignInError('The ID token answers another sign-in.');
}

async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const body: unknown = await answer.json().catch(() => undefined);
  if (!answer.ok) {
    const error = body && typeof body === 'object' && 'error' in body ? String(body.error) : undefined;
    const description = body && typeof body === 'object' && 'error_description' in body ? String(body.error_description) : undefined;
    throw new SignInError(description ?? error ?? `The sign-in provider answered ${answer.status}.`, error);
  }
  return body as T;
}

function forgetEntries(storage: Storage, isStale: (key: string) => boolean): void {
  for (const key of Object.keys(storage)) if (isStale(key)) storage.removeItem(key);
}

export function createSignInClient(config: AppConfig, options: SignInClientOptions = {}): SignInClient {
  const origin = options.origin ?? window.location.origin;
  const redirect = options.redirect ?? ((url: string) => window.location.assign(url));
  const redirectUri = `${origin}${AUTH_PATHS.callback}`;
  const silentRedirectUri = `${origin}${SILENT_SIGN_IN_PATH}`;
  const loadInHiddenFrame = options.loadInHiddenFrame ?? ((url: string) => landingOfHiddenFrame(url, { origin, path: SILENT_SIGN_IN_PATH }));
  const listeners = new Set<() => void>();
  let user: SignedInUser | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;
  let metadata: Promise<ProviderMetadata> | undefined;

  // What the earlier sign-in library left under `oidc.`: users with their tokens, and its pending sign-ins.
  forgetEntries(window.sessionStorage, (key) => key.startsWith(LEGACY_PREFIX));
  forgetEntries(window.localStorage, (key) => key.startsWith(LEGACY_PREFIX));

  const discover = () => {
    metadata ??= fetchJson<ProviderMetadata>(`${config.oidc.authority.replace(/\/$/, '')}/.well-known/openid-configuration`).catch((error: unknown) => {
      metadata = undefined;
      throw error;
    });
    return metadata;
  };

  const setUser = (next: SignedInUser | null) => {
    user = next;
    clearTimeout(renewTimer);
    if (next) {
      const nowS = Date.now() / 1000;
      const renewInMs = Math.max(0, (next.expiresAt - RENEW_BEFORE_EXPIRY_S - nowS) * 1000);
      renewTimer = setTimeout(() => void renew(next), renewInMs);
    }
    for (const listener of listeners) listener();
  };

  const userFrom = async (tokens: TokenAnswer, expected: { nonce?: string; previous?: SignedInUser }): Promise<SignedInUser> => {
    const { issuer } = await discover();
    const idToken = tokens.id_token ?? expected.previous?.idToken;
    if (!idToken || !tokens.access_token) throw new SignInError('The sign-in provider sent no tokens.');
    const profile = claimsOf(idToken);
    const nowS = Math.floor(Date.now() / 1000);
    checkIdToken(profile, { issuer, clientId: config.oidc.clientId, nonce: tokens.id_token ? expected.nonce : undefined, now: nowS });
    if (expected.previous && profile.sub !== expected.previous.profile.sub) throw new SignInError('The renewed sign-in names another user.');
    return {
      idToken,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? expected.previous?.refreshToken,
      expiresAt: tokens.expires_in === undefined ? profile.exp : nowS + tokens.expires_in,
      profile,
    };
  };

  /** The authorization request of the code flow with PKCE and a nonce (OpenID Connect Core §3.1.2.1). */
  const authorizationUrl = async (request: { redirectUri: string; state: string; nonce: string; codeVerifier: string; prompt?: string }) => {
    const { authorization_endpoint } = await discover();
    const url = new URL(authorization_endpoint);
    const query: Record<string, string> = {
      client_id: config.oidc.clientId,
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: config.oidc.scope,
      state: request.state,
      nonce: request.nonce,
      code_challenge: await codeChallengeOf(request.codeVerifier),
      code_challenge_method: 'S256',
      ...(request.prompt ? { prompt: request.prompt } : {}),
    };
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };

  const tokenRequest = async (form: Record<string, string>) => {
    const { token_endpoint } = await discover();
    return fetchJson<TokenAnswer>(token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: config.oidc.clientId }),
    });
  };

  /**
   * The quiet sign-in: the verifier, nonce and state stay in this page's memory (nothing goes to a storage), the frame
   * runs nothing, and its answer must carry this request's state. `previous` renews that user's sign-in.
   */
  const signInQuietly = async (previous?: SignedInUser): Promise<SignedInUser> => {
    const request = { redirectUri: silentRedirectUri, state: randomText(16), nonce: randomText(16), codeVerifier: randomText(48), prompt: 'none' };
    const landed = await loadInHiddenFrame((await authorizationUrl(request)).href);
    if (landed === undefined) throw new SignInError('The sign-in provider did not answer in the background.');
    const answer = new URL(landed).searchParams;
    if (answer.get('state') !== request.state) throw new SignInError('The sign-in answer belongs to another sign-in.');
    const error = answer.get('error');
    if (error) throw new SignInError(answer.get('error_description') ?? error, error);
    const code = answer.get('code');
    if (!code) throw new SignInError('The sign-in provider sent no code.');
    const tokens = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: silentRedirectUri, code_verifier: request.codeVerifier });
    return userFrom(tokens, { nonce: request.nonce, previous });
  };

  /**
   * Renews with the refresh token, else quietly through the provider's session; when neither works, the user stays
   * until the tokens expire.
   */
  const renew = async (current: SignedInUser) => {
    if (user !== current) return;
    try {
      if (!current.refreshToken) throw new SignInError('No refresh token.');
      const tokens = await tokenRequest({ grant_type: 'refresh_token', refresh_token: current.refreshToken });
      if (user === current) setUser(await userFrom(tokens, { previous: current }));
    } catch {
      if (user !== current) return;
      const renewed = await signInQuietly(current).catch(() => undefined);
      if (user !== current) return;
      if (renewed) {
        setUser(renewed);
        return;
      }
      const leftMs = (current.expiresAt - Date.now() / 1000) * 1000;
      // Signed out when the tokens run out: the app then signs in again through the provider's session.
      clearTimeout(renewTimer);
      renewTimer = setTimeout(() => user === current && setUser(null), Math.max(0, leftMs));
    }
  };

  return {
    getUser: () => user,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async signInRedirect({ state, prompt }) {
      forgetEntries(window.sessionStorage, (key) => {
        if (!key.startsWith(PENDING_PREFIX)) return false;
        const pending = JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as Partial<PendingSignIn>;
        return !(typeof pending.createdAt === 'number' && Date.now() - pending.createdAt < PENDING_LIFETIME_MS);
      });
      const id = randomText(16);
      const pending: PendingSignIn = { codeVerifier: randomText(48), nonce: randomText(16), state, createdAt: Date.now() };
      window.sessionStorage.setItem(`${PENDING_PREFIX}${id}`, JSON.stringify(pending));
      const url = await authorizationUrl({ redirectUri, state: id, nonce: pending.nonce, codeVerifier: pending.codeVerifier, prompt });
      redirect(url.href);
    },
    async signInSilently() {
      const signedIn = await signInQuietly();
      // A sign-in that finished meanwhile (another step of this page) stays.
      if (user === null) setUser(signedIn);
    },
    async handleCallback(url) {
      const answer = new URL(url).searchParams;
      const id = answer.get('state') ?? '';
      const key = `${PENDING_PREFIX}${id}`;
      const stored = window.sessionStorage.getItem(key);
      // Used once: a second visit to the same answer finds nothing.
      window.sessionStorage.removeItem(key);
      if (!stored) throw new SignInError('This sign-in answer belongs to no sign-in started in this tab. Start again from the home page.');
      const pending = JSON.parse(stored) as PendingSignIn;
      const error = answer.get('error');
      if (error) throw new SignInError(answer.get('error_description') ?? error, error, pending.state);
      const code = answer.get('code');
      if (!code) throw new SignInError('The sign-in provider sent no code.', undefined, pending.state);
      const tokens = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: pending.codeVerifier });
      setUser(await userFrom(tokens, { nonce: pending.nonce }));
      return pending.state;
    },
    async signOutRedirect() {
      const idToken = user?.idToken;
      setUser(null);
      const { end_session_endpoint } = await discover();
      if (!end_session_endpoint) return false;
      const url = new URL(end_session_endpoint);
      url.searchParams.set('client_id', config.oidc.clientId);
      url.searchParams.set('post_logout_redirect_uri', `${origin}${AUTH_PATHS.logout}`);
      // The provider sends it back, which tells /logout that it returns from there.
      url.searchParams.set('state', randomText(16));
      if (idToken) url.searchParams.set('id_token_hint', idToken);
      redirect(url.href);
      return true;
    },
    removeUser: () => setUser(null),
    storeUser: (next) => setUser(next),
  };
}
