import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '@editor/domain';

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
