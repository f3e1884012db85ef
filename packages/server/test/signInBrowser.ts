import crypto from 'node:crypto';
import { OIDC_SCOPES } from '@editor/domain';

/** A browser's cookie jar, reduced to what one origin needs. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A browser on the embedded provider's sign-in pages of a listening server, without following redirects. */
export function signInBrowser(origin: string, headers: Record<string, string> = {}) {
  const jar = new CookieJar();
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, origin), { ...init, redirect: 'manual', headers: { ...headers, ...init.headers, cookie: jar.header() } });
    jar.store(response);
    return response;
  };
  return {
    request,
    /** Starts a sign-in at the authorization endpoint; the login form's action. */
    async openLoginForm(): Promise<string> {
      const verifier = crypto.randomBytes(32).toString('base64url');
      const authorize = await request(
        `/oidc/auth?${new URLSearchParams({
          client_id: 'editor-app',
          response_type: 'code',
          redirect_uri: `${origin}/callback`,
          scope: OIDC_SCOPES,
          prompt: 'login',
          code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
          code_challenge_method: 'S256',
        })}`,
      );
      const html = await (await request(authorize.headers.get('location') ?? '')).text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no login form: ${html}`);
      return action;
    },
    login(action: string, username: string, password: string) {
      return request(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password }).toString(),
      });
    },
  };
}
