import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SILENT_SIGN_IN_PATH, type AppConfig } from '@editor/domain';

/** Paths the single-page app never owns: an unknown one of these is a real 404. */
const SERVER_PREFIXES = ['/api/', '/oidc', '/interaction/', '/media/'];

export function isAppRoute(url: string): boolean {
  return !SERVER_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** Serves the app-wide configuration as a script the page loads before the app (spec 000 §7). */
export function registerAppConfig(app: FastifyInstance, appConfig: AppConfig): void {
  const script = `window.__APP_CONFIG__=${JSON.stringify(appConfig).replace(/</g, '\\u003c')};`;
  app.get('/app-config.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(script),
  );
}

/** The silent sign-in page runs and loads nothing, and only this app may frame it. */
export const SILENT_SIGN_IN_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/**
 * The page the sign-in provider returns a quiet sign-in to (prompt=none in a hidden frame of the app): it shows and runs
 * nothing; the app reads the answer from the frame's address and exchanges the code with the verifier only it holds.
 * Framed by this origin only, it sends no referrer and is never cached. Served without a build too (`npm run dev`).
 */
export function registerSilentSignInPage(app: FastifyInstance): void {
  app.get(SILENT_SIGN_IN_PATH, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .headers({ 'cache-control': 'no-store', 'content-security-policy': SILENT_SIGN_IN_POLICY, 'x-frame-options': 'SAMEORIGIN', 'referrer-policy': 'no-referrer' })
      .send('<!doctype html><meta charset="utf-8"><title>Signing in</title>'),
  );
}

/**
 * Serves the built app: hashed assets with long, immutable caching, pre-compressed (brotli or gzip), and index.html for every app route so that
 * deep links and reloads work. Returns false when there is no build (tests, `npm run dev`).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<boolean> {
  if (!distDir || !fs.existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies (vite.config.ts): the one the browser accepts is sent as it is.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
