import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { AppConfig } from '@editor/domain';
import { AUTH_PATHS } from '../routes.ts';

/** The OpenID Connect client: code flow with PKCE against the configured provider. */
export function createUserManager(config: AppConfig, origin: string = window.location.origin): UserManager {
  return new UserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    scope: config.oidc.scope,
    response_type: 'code',
    redirect_uri: `${origin}${AUTH_PATHS.callback}`,
    post_logout_redirect_uri: `${origin}${AUTH_PATHS.logout}`,
    // Renews with the refresh token shortly before the tokens expire.
    automaticSilentRenew: true,
    // The user (tokens included) lives in sessionStorage, one per tab, not in localStorage shared by all tabs:
    // the provider rotates refresh tokens and revokes the whole grant when a used one comes back, which two tabs
    // renewing from one shared token would do. A new tab signs in again through the provider's session without a
    // password, and the tokens go when the tab closes.
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    loadUserInfo: false,
    monitorSession: false,
    // Log Out falls back to a local sign-out when the provider does not answer in time.
    requestTimeoutInSeconds: 10,
  });
}
