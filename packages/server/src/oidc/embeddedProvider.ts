import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Provider, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { JSONWebKeySet } from 'jose';
import type { Kysely } from 'kysely';
import { SILENT_SIGN_IN_PATH, type Role } from '@editor/domain';
import type { DB } from '../db/schema.ts';
import { databaseAdapterFactory } from './databaseAdapter.ts';
import { groupsFromRights } from '../auth/identity.ts';
import { sessionKey, type SessionRevocations } from '../auth/sessionRevocations.ts';
import { SIGN_IN_POLICY, autoSubmitLogoutPage, loginPage, messagePage } from './pages.ts';
import { publicJwk, type ProviderSecrets } from './signingKeys.ts';
import { createSignInGuard, type SignInGuard } from './signInGuard.ts';
import { applySignInHeaders } from '../http/securityHeaders.ts';

export const OIDC_MOUNT = '/oidc';
const INTERACTION_PATH = '/interaction';
const DISCOVERY_PATH = '/.well-known/openid-configuration';
/**
 * How long an ID token is good for. The app renews a minute before its tokens expire (access and ID token alike), so a
 * short life costs one refresh call per page every nine minutes and bounds a token whose sign-out never reached us.
 */
export const ID_TOKEN_TTL_SECONDS = 10 * 60;

/** An account the embedded provider signs in; its password is its username (README lists the demo's). */
export interface EmbeddedAccount {
  username: string;
  name: string;
  roles: readonly Role[];
  /** `'all'` gives every space (or locale) the installation knows. */
  spaces: readonly string[] | 'all';
  localizations: readonly string[] | 'all';
}

export interface EmbeddedProviderOptions {
  issuer: string;
  clientId: string;
  publicUrl: string;
  secrets: ProviderSecrets;
  db: Kysely<DB>;
  /** The accounts that may sign in; the caller names them (the demo's, `demo/demoAccounts.ts`). */
  accounts: readonly EmbeddedAccount[];
  spaces: readonly string[];
  localizations: readonly string[];
  /** The sign-in guard's clock (epoch milliseconds); tests pass their own. */
  now?: () => number;
  /** Told of every sign-in and failed sign-in (the audit log); never given the password. */
  onSignIn?: (attempt: { username: string; address: string; outcome: 'success' | 'refused'; reason?: string }) => void;
  /** Where an ended sign-in is recorded, so that the API refuses its ID tokens from then on on every instance. */
  revocations?: Pick<SessionRevocations, 'revokeSession'>;
  /** Told when recording an ended sign-in failed. */
  onError?: (error: unknown) => void;
}

export interface EmbeddedProvider {
  provider: Provider;
  /** Slows failed sign-ins down per account and address, and per browser that signed in before. */
  guard: SignInGuard;
  /** The public keys that sign ID tokens, for the server's own token check. */
  jwks: JSONWebKeySet;
  /** The account of a username, if it may sign in. */
  findAccount: (username: string) => EmbeddedAccount | undefined;
  onSignIn?: EmbeddedProviderOptions['onSignIn'];
}

function claimsOf(account: EmbeddedAccount, all: { spaces: readonly string[]; localizations: readonly string[] }, grantId: string | undefined) {
  const rights = {
    roles: account.roles,
    spaces: account.spaces === 'all' ? all.spaces : account.spaces,
    localizations: account.localizations === 'all' ? all.localizations : account.localizations,
  };
  return {
    sub: account.username,
    name: account.name,
    email: `${account.username}@editor-app.local`,
    email_verified: true,
    rbshortname: account.username,
    groups: groupsFromRights(rights),
    ...(grantId ? { sid: grantId } : {}),
  };
}

export function createEmbeddedProvider(options: EmbeddedProviderOptions): EmbeddedProvider {
  const { clientId } = options;
  const findAccount = (username: string) => options.accounts.find((account) => account.username === username);
  const configuration: Configuration = {
    adapter: databaseAdapterFactory(options.db),
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The second is the app's quiet sign-in in a hidden frame (docs/sign-in.md).
        redirect_uris: [`${options.publicUrl}/callback`, `${options.publicUrl}${SILENT_SIGN_IN_PATH}`],
        post_logout_redirect_uris: [`${options.publicUrl}/logout`],
      },
    ],
    jwks: { keys: [options.secrets.signingKey] as never },
    cookies: { keys: options.secrets.cookieKeys },
    claims: {
      // `sid` names the grant: one sign-in of our app in one browser session, which every way of ending it revokes.
      openid: ['sub', 'sid'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      rbshortname: ['rbshortname'],
      groups: ['groups'],
    },
    // The app sends the ID token as its bearer, so the token itself must carry the scope claims.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // The token endpoint passes the code or refresh token the ID token is made from; both carry their grant.
    async findAccount(_ctx, id, token) {
      const account = findAccount(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => claimsOf(account, options, token?.grantId) };
    },
    // Our own app is first-party: its sign-in grants the requested scopes without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const existingId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
      if (existingId) {
        const existing = await oidc.provider.Grant.find(existingId);
        if (existing) return existing;
      }
      if (oidc.client?.clientId !== clientId || !oidc.session?.accountId) return undefined;
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(String(oidc.params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = autoSubmitLogoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = messagePage('Signed out', 'You have been signed out.');
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in error', `${out.error}: ${out.error_description ?? ''}`);
    },
    ttl: { Interaction: 3600, IdToken: ID_TOKEN_TTL_SECONDS, AccessToken: ID_TOKEN_TTL_SECONDS, RefreshToken: 8 * 3600, Session: 8 * 3600, Grant: 8 * 3600 },
  };
  const provider = new Provider(options.issuer, configuration);
  // Believes the forwarded headers, which registerEmbeddedProvider sets itself to the issuer's host and scheme.
  provider.proxy = true;
  const { revocations } = options;
  if (revocations) {
    // Log Out (end-session), a replayed refresh token and a revoked refresh token all revoke the grant; its ID tokens,
    // which name it as their `sid`, end with it.
    provider.on('grant.revoked', (_ctx: unknown, grantId: string) => {
      revocations
        .revokeSession({ key: sessionKey({ issuer: options.issuer, sid: grantId }), tokenLifetimeSeconds: ID_TOKEN_TTL_SECONDS })
        .catch((error: unknown) => options.onError?.(error));
    });
  }
  return {
    provider,
    guard: createSignInGuard({ db: options.db, deviceKeys: options.secrets.cookieKeys, isHttps: options.issuer.startsWith('https:'), ...(options.now ? { now: options.now } : {}) }),
    jwks: { keys: [publicJwk(options.secrets.signingKey)] } as JSONWebKeySet,
    findAccount,
    ...(options.onSignIn ? { onSignIn: options.onSignIn } : {}),
  };
}

/** The one answer to every failed sign-in: wrong name, wrong password, locked out or an unknown sign-in request. */
const SIGN_IN_FAILED = 'Wrong username or password. Please try again.';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** A demo account's password is its name; compared in constant time, so the answer's timing does not tell how close a guess came. */
function isDemoPassword(username: string, password: string): boolean {
  return crypto.timingSafeEqual(digest(username), digest(password));
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The login form's text fields; anything else a client sends (JSON, repeated fields) counts as empty. */
function formBody(request: FastifyRequest): { username: string; password: string } {
  const body = (request.body ?? {}) as Record<string, unknown>;
  return { username: textOf(body.username), password: textOf(body.password) };
}

/** Mounts the provider at /oidc and its login pages at /interaction. */
export async function registerEmbeddedProvider(app: FastifyInstance, embedded: EmbeddedProvider): Promise<void> {
  const { provider, guard, findAccount, onSignIn } = embedded;
  const callback = provider.callback();

  const issuer = new URL(provider.issuer);
  /**
   * The provider builds its endpoints' addresses from the request's host and forwarded headers: it is shown the
   * issuer's host and scheme and the client address Fastify worked out from the trusted proxies, whatever was sent.
   */
  const asIssuerSees = (request: FastifyRequest): IncomingMessage => {
    const { headers } = request.raw;
    headers.host = issuer.host;
    headers['x-forwarded-host'] = issuer.host;
    headers['x-forwarded-proto'] = issuer.protocol.replace(/:$/, '');
    headers['x-forwarded-for'] = request.ip;
    return request.raw;
  };

  // The provider reads its own request bodies: hand the raw request over before Fastify parses anything.
  const handOver = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = asIssuerSees(request) as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').slice(OIDC_MOUNT.length) || '/';
    applySignInHeaders(reply.raw, { isHttps: issuer.protocol === 'https:', policy: SIGN_IN_POLICY });
    // The discovery document is the same for everyone (it no longer follows the request's host): caches may keep it.
    if (raw.url.split('?')[0] === DISCOVERY_PATH) reply.raw.setHeader('cache-control', 'public, max-age=300');
    void callback(raw, reply.raw);
  };
  for (const url of [OIDC_MOUNT, `${OIDC_MOUNT}/*`]) {
    app.route({
      method: ['GET', 'POST', 'OPTIONS', 'DELETE', 'PUT'],
      url,
      onRequest: (request, reply, done) => {
        handOver(request, reply);
        done();
      },
      handler: async () => undefined,
    });
  }

  await app.register(async (interactions) => {
    interactions.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    const showLogin = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply, error: string | null, username = '') => {
      const action = `${INTERACTION_PATH}/${encodeURIComponent(request.params.uid)}/login`;
      return reply
        .status(error ? 401 : 200)
        .header('cache-control', 'no-store')
        .type('text/html')
        .send(loginPage({ action, username, error }));
    };

    interactions.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
      try {
        await provider.interactionDetails(asIssuerSees(request), reply.raw);
      } catch {
        return reply.status(400).type('text/html').send(messagePage('Sign-in expired', 'This sign-in request has expired. Please go back to the app and sign in again.'));
      }
      return showLogin(request, reply, null);
    });

    interactions.post<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid/login`, async (request, reply) => {
      const { username, password } = formBody(request);
      // Every failure gets the same answer; only the log tells them apart, and it never holds the password.
      const refuse = (reason: 'unknown-interaction' | 'locked' | 'unknown-user' | 'wrong-password', retryAfterSeconds?: number) => {
        request.log.warn({ username: username.slice(0, 256), address: request.ip, reason, retryAfterSeconds }, 'sign-in failed');
        onSignIn?.({ username: username.slice(0, 256), address: request.ip, outcome: 'refused', reason });
        return showLogin(request, reply, SIGN_IN_FAILED, username);
      };
      // The provider finds the sign-in request by its cookie; the address must name that very request too.
      const details = await provider.interactionDetails(asIssuerSees(request), reply.raw).catch(() => undefined);
      if (details?.uid !== request.params.uid) return refuse('unknown-interaction');
      const verdict = await guard.attempt({ username, address: request.ip, cookies: request.headers.cookie });
      if (!verdict.allowed) return refuse('locked', verdict.retryAfterSeconds);
      const account = findAccount(username.trim());
      if (!isDemoPassword(account?.username ?? username, password) || !account) return refuse(account ? 'wrong-password' : 'unknown-user');
      const { deviceCookie } = await verdict.attempt.succeeded();
      onSignIn?.({ username: account.username, address: request.ip, outcome: 'success' });
      // The provider answers on the raw response, past Fastify's hooks.
      applySignInHeaders(reply.raw, { isHttps: issuer.protocol === 'https:', policy: SIGN_IN_POLICY });
      reply.raw.setHeader('set-cookie', deviceCookie);
      reply.hijack();
      await provider.interactionFinished(asIssuerSees(request), reply.raw, { login: { accountId: account.username } }, { mergeWithLastSubmission: false });
    });
  });
}
