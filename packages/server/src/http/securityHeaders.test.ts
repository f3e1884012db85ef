import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../test/harness.ts';
import { postUpload, uploadAs } from '../../test/uploadForm.ts';
import { EMBED_FRAME_HOSTS } from '@editor/domain';
import { MEDIA_POLICY, imageDeliveryHeaders, responseKindOf } from './securityHeaders.ts';

/** A built app of two files, enough for the server to serve its page and a script. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dir, 'assets/index.js'), 'console.log(1);');
  return dir;
}

/** A policy as directive → sources. */
function directives(policy: unknown): Record<string, string[]> {
  expect(typeof policy).toBe('string');
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

describe.each(DIALECTS)('browser protections by kind of response (%s)', (dialect) => {
  let t: TestApp;
  const dist = fakeBuild();
  beforeAll(async () => {
    t = await startTestApp(dialect, { WEB_DIST_DIR: dist, PUBLIC_URL: 'http://editor.test' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = async (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('gives the app page a policy of exactly what the app loads, framed by nobody', async () => {
    for (const url of ['/', '/assets/list?stencil=story', '/index.html']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(directives(page.headers['content-security-policy'])).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'blob:', 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'", ...EMBED_FRAME_HOSTS],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
      expect(page.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' });
      expect(page.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("leaves a revalidated page's policy alone: a 304 carries none, so the stored page keeps its own", async () => {
    const page = await get('/assets/some-id/localizations/en/edit');
    const etag = String(page.headers.etag);
    const revalidated = await get('/assets/some-id/localizations/en/edit', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-security-policy']).toBeUndefined();
    expect(revalidated.headers['x-frame-options']).toBeUndefined();
    expect(revalidated.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives JSON answers, errors, 404s, scripts and the app config nothing to run or load', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: await t.auth(EDITOR) }),
      await get('/api/v1/user'),
      await t.app.inject({ method: 'GET', url: '/api/v1/no-such-call', headers: await t.auth(EDITOR) }),
      await get('/oidc-nothing-here.json'),
      await get('/api/health'),
      await get('/app-config.js'),
      await get('/assets/index.js'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 404, 200, 200, 200]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' });
    }
  });

  it("gives every answer under /media an image's protections, whichever part of the server made it", async () => {
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a8dde' } }).png().toBuffer();
    const answers = {
      uploaded: await uploadAs(t, EDITOR, { filename: 'dot.png', data: picture }),
      'upload not multipart': await t.app.inject({ method: 'POST', url: '/media/v1_1/local/image/upload', payload: { file: 'x' } }),
      'upload unsigned': await postUpload(t, { upload_url: '/media/v1_1/local/image/upload' }, { api_key: 'local', timestamp: '1', signature: 'x' }, { filename: 'dot.png', data: picture }),
      'upload to another cloud': await postUpload(t, { upload_url: '/media/v1_1/other/image/upload' }, {}, { filename: 'dot.png', data: picture }),
      'no such path': await get('/media/no-such-path'),
      'no such image': await get('/media/image/upload/w_400/no-such-image-1234'),
      'bad transformation': await get('/media/image/upload/e_blur/abc'),
      'wrong method': await t.app.inject({ method: 'PUT', url: '/media/image/upload/abc' }),
      'archive file': await get('/media/archive/no-such-item/original'),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.statusCode]))).toEqual({
      uploaded: 200,
      'upload not multipart': 400,
      'upload unsigned': 401,
      'upload to another cloud': 404,
      'no such path': 404,
      'no such image': 404,
      'bad transformation': 400,
      'wrong method': 404,
      'archive file': 404,
    });
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers['x-content-type-options'], name).toBe('nosniff');
      expect(answer.headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
      const policy = directives(answer.headers['content-security-policy']);
      expect(policy['default-src'], name).toEqual(["'none'"]);
      expect(policy.sandbox, name).toEqual([]);
    }
    expect(answers.uploaded.headers['content-security-policy']).toBe(MEDIA_POLICY);
    expect(answers['no such path'].headers['content-security-policy']).toBe(MEDIA_POLICY);
  });

  it('lets the sign-in pages run only their own inline style and logout script, post only to us, and never be framed', async () => {
    const expired = await get('/interaction/no-such-request');
    expect(expired.statusCode).toBe(400);
    const style = /<style>([\s\S]*?)<\/style>/.exec(expired.body)?.[1] ?? '';
    const policy = directives(expired.headers['content-security-policy']);
    expect(policy).toMatchObject({ 'default-src': ["'none'"], 'style-src': [sha256(style)], 'form-action': ["'self'"], 'frame-ancestors': ["'none'"] });
    expect(policy['script-src']).toHaveLength(1);
    expect(expired.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' });
  });

  it('lets only the app frame a preview document, which runs nothing', async () => {
    const preview = await get('/preview/AAAAAAAAAAAAAAAAAAAA/page');
    const policy = directives(preview.headers['content-security-policy']);
    expect(policy).toMatchObject({ 'default-src': ["'none'"], 'img-src': ["'self'", 'data:'], 'frame-ancestors': ["'self'"] });
    expect(policy['script-src']).toBeUndefined();
  });

  it('lets the app and the preview frame the allow-listed embed hosts only, each a whole https origin', async () => {
    const app = directives((await get('/')).headers['content-security-policy']);
    const preview = directives((await get('/preview/AAAAAAAAAAAAAAAAAAAA/page')).headers['content-security-policy']);
    expect(app['frame-src']).toEqual(["'self'", ...EMBED_FRAME_HOSTS]);
    expect(preview['frame-src']).toEqual([...EMBED_FRAME_HOSTS]);
    expect(EMBED_FRAME_HOSTS).toContain('https://www.youtube-nocookie.com');
    for (const host of EMBED_FRAME_HOSTS) expect(host).toBe(new URL(host).origin);
    expect(EMBED_FRAME_HOSTS.every((host) => host.startsWith('https://') && !host.includes('*'))).toBe(true);
  });
});

describe('browser protections of an installation with outside services, served over https', () => {
  let t: TestApp;
  const dist = fakeBuild();
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      WEB_DIST_DIR: dist,
      PUBLIC_URL: 'https://editor.example.org',
      OIDC_ISSUER: 'https://login.example.org/realms/newsroom',
      CLOUDINARY_URL: 'cloudinary://123456789012345:secret@newsroom-cloud',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('names the image delivery host, the issuer and the upload service in the app policy, and asks for HSTS', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const policy = directives(page.headers['content-security-policy']);
    expect(policy['img-src']).toEqual(["'self'", 'blob:', 'data:', 'https://res.cloudinary.com']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://login.example.org', 'https://api.cloudinary.com']);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('the headers offered to image delivery', () => {
  it('sandboxes every image and lets none run or load anything as a page; an SVG keeps its inline styles', () => {
    expect(imageDeliveryHeaders({ isSvg: true, isHttps: false })).toEqual({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    expect(imageDeliveryHeaders({ isSvg: false, isHttps: true })).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
      'strict-transport-security': 'max-age=31536000',
    });
  });

  it('counts every path under /media as the image service, and nothing beside it', () => {
    expect(['/media', '/media/', '/media/image/upload/abc', '/media/v1_1/local/image/upload?x=1', '/media/nothing'].map((url) => responseKindOf(url, 'application/json'))).toEqual(Array(5).fill('media'));
    expect(responseKindOf('/media-archive', 'text/html')).toBe('app');
    expect(responseKindOf('/mediathek/x', 'application/json')).toBe('api');
  });
});
