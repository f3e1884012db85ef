import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OIDC_SCOPES } from '@editor/domain';
import { CookieJar } from './signInBrowser.ts';
import { freePort } from './harness.ts';

const PROVIDER_MAIN = path.resolve(import.meta.dirname, '../src/providerMain.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * A company sign-in provider in a process of its own: the embedded OpenID provider started alone
 * (`src/providerMain.ts`) for the app at `appUrl`. It can be restarted with a new signing key.
 */
export async function startProviderProcess(options: { appUrl: string; clientId?: string }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'company-provider-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const issuer = `${origin}/oidc`;
  const clientId = options.clientId ?? 'editor-app';
  const env = { ...process.env, PROVIDER_URL: origin, APP_URL: options.appUrl, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', OIDC_CLIENT_ID: clientId };
  let child: ChildProcess | undefined;
  let stderr = '';

  async function isUp(): Promise<boolean> {
    try {
      return (await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(1000) })).ok;
    } catch {
      return false;
    }
  }

  async function start(args: string[] = []): Promise<void> {
    stderr = '';
    const started = spawn(process.execPath, ['--import', 'tsx', PROVIDER_MAIN, ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child = started;
    const deadline = Date.now() + 30_000;
    while (!(await isUp())) {
      if (started.exitCode !== null) throw new Error(`the provider exited with ${started.exitCode}: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`the provider did not answer within 30 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  }

  /** Rotates the provider's signing key: stopped, given a new key, started again on the same address. */
  async function rotateSigningKey(): Promise<void> {
    await stop();
    await start(['--rotate-signing-key']);
  }

  /**
   * Signs a demo account in the way the app does: the authorization code flow with PKCE, through HTTP, the login form
   * filled in; answers the ID token the app sends as its bearer.
   */
  async function signIn(username: string): Promise<string> {
    const jar = new CookieJar();
    const request = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(new URL(url, origin), { ...init, redirect: 'manual', headers: { ...init.headers, cookie: jar.header() } });
      jar.store(response);
      return response;
    };
    const verifier = crypto.randomBytes(32).toString('base64url');
    const redirectUri = `${options.appUrl}/callback`;
    const authorize = await request(
      `/oidc/auth?${new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: OIDC_SCOPES,
        prompt: 'login',
        code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      })}`,
    );
    const html = await (await request(authorize.headers.get('location') ?? '')).text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no login form: ${html}`);
    const loggedIn = await request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password: username }).toString(),
    });
    const resumed = await request(loggedIn.headers.get('location') ?? '');
    const code = new URL(resumed.headers.get('location') ?? '', origin).searchParams.get('code');
    if (!code) throw new Error(`no authorization code: ${resumed.status} ${resumed.headers.get('location')}`);
    const tokens = await request('/oidc/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier }).toString(),
    });
    if (tokens.status !== 200) throw new Error(`token exchange answered ${tokens.status}: ${await tokens.text()}`);
    return ((await tokens.json()) as { id_token: string }).id_token;
  }

  async function remove(): Promise<void> {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return { origin, issuer, start, stop, rotateSigningKey, signIn, remove };
}

export type ProviderProcess = Awaited<ReturnType<typeof startProviderProcess>>;

/** The key id a JWT names in its header. */
export const keyIdOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { kid: string }).kid;
