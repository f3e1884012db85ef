import { InMemoryWebStorage, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { AppConfig } from '@editor/domain';
import { AUTH_PATHS } from '../routes.ts';

/** Where earlier versions of the app kept the user, tokens included; read by nobody now. */
const STORED_USER_PREFIX = 'oidc.user:';

function forgetStoredUsers(storage: Storage): void {
  for (const key of Object.keys(storage)) if (key.startsWith(STORED_USER_PREFIX)) storage.removeItem(key);
}

/** The OpenID Connect client: code flow with PKCE against the configured provider. */
export function createUserManager(config: AppConfig, origin: string = window.location.origin): UserManager {
  // A tab opened before the tokens moved to memory may still hold them in session storage.
  forgetStoredUsers(window.sessionStorage);
  return new UserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    scope: config.oidc.scope,
    response_type: 'code',
    redirect_uri: `${origin}${AUTH_PATHS.callback}`,
    post_logout_redirect_uri: `${origin}${AUTH_PATHS.logout}`,
    // Renews with the refresh token shortly before the tokens expire.
    automaticSilentRenew: true,
    // The user (tokens included) lives in this page's memory only, where no script injected into the page can read
    // it from a storage. A reload or a new tab signs in again through the provider's session without a password
    // (the sign-in asks with prompt=none first). Each page also renews with its own refresh token: the provider
    // rotates refresh tokens and revokes the whole grant when a used one comes back, which two pages renewing from
    // one copied token (a duplicated tab copies its session storage) would do.
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    loadUserInfo: false,
    monitorSession: false,
    // Log Out falls back to a local sign-out when the provider does not answer in time.
    requestTimeoutInSeconds: 10,
  });
}
