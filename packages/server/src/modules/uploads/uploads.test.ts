import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MESSAGES, ROLE_OVERRIDE_HEADER, uploadResponseSchema, uploadSignatureSchema, type UploadResponse } from '@editor/domain';
import { DIALECTS, EDITOR, TECH_ADMIN, TV, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { postUpload, requestSignature, signedFields, uploadAs, type FormFile } from '../../../test/uploadForm.ts';
import { DEMO_ACCOUNTS } from '../../demo/demoAccounts.ts';
import { createImageStore, type ImageStore } from '../media/imageStore.ts';
import { tooManyFramePixels, tooManyPixels } from './checkImage.ts';
import { SVG_TOO_COMPLEX } from './scanSvg.ts';
import { createUploadsService, type UploadsService } from './service.ts';
import { createTrashPurge } from '../revisions/trashPurge.ts';
import { DEFAULT_TRASH_RETENTION_DAYS } from '../../config.ts';
import { loadOrCreateUploadSecret } from './uploadSecret.ts';
import { contextString, isSignatureOf, parseContext } from './uploadSignature.ts';

const picture = (format: 'png' | 'jpeg' | 'gif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#3a8dde' } })
    .toFormat(format)
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG whose header claims the size; its data is a little compressed nothing (never decoded: the size refuses it). */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A GIF whose logical screen is the size, with `frames` images of one pixel. */
function gifClaiming(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 0, 0, 0x80, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0]);
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]);
  return Buffer.concat([screen, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/** An upload form as the route hands it to the service. */
const formOf = (fields: Record<string, string>, file: FormFile) => ({ fields, file: Readable.from([file.data ?? Buffer.alloc(0)]), filename: file.filename });

/** The demo accounts as test users, with what a signature for their first space answers (spec 000 §6 creators). */
const DEMO_SIGNATURES: ReadonlyArray<{ user: TestUser; space: string; status: number }> = DEMO_ACCOUNTS.map((account) => {
  const statuses: Readonly<Record<string, number>> = { admin: 200, editor: 200, translator: 403, curator: 403, tv: 200, hub: 200 };
  const spaces = account.spaces === 'all' ? ['rbcom'] : account.spaces;
  const localizations = account.localizations === 'all' ? ['en', 'de'] : account.localizations;
  return { user: { sub: account.username, name: account.name, rights: { roles: account.roles, spaces, localizations } }, space: spaces[0] ?? 'rbcom', status: statuses[account.username] ?? 0 };
});

/** A picture of its own per seed, so its public id is its own. */
const distinct = async (seed: number): Promise<FormFile> => ({ filename: `pic-${seed}.png`, data: await picture('png', 30 + seed, 30) });

describe.each(DIALECTS)('image uploads (%s)', (dialect) => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    secret = await loadOrCreateUploadSecret(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const mediaDir = (name: 'tmp' | 'originals') => path.join(t.config.dataDir, 'media', name);
  const filesIn = (name: 'tmp' | 'originals') => (fs.existsSync(mediaDir(name)) ? fs.readdirSync(mediaDir(name)) : []);
  const rowsOf = (publicId: string) => t.database.db.selectFrom('upload').selectAll().where('public_id', '=', publicId).execute();
  const countRows = async () => (await t.database.db.selectFrom('upload').select('id').execute()).length;
  const call = async (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });

  const remove = (user: TestUser, publicId: string) => call(user, 'DELETE', `/api/v1/uploads/${publicId}`);

  async function createImageAsset(uploaded: UploadResponse): Promise<string> {
    const media = { provider: 'cloudinary', referenceId: uploaded.public_id, mediaType: 'image', width: uploaded.width, height: uploaded.height, imageFormat: uploaded.format };
    const response = await call(EDITOR, 'POST', '/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=image', { content: { image: { value: media }, title: { value: 'Start line' } } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  /** Runs a refused upload and checks that it changed nothing: no row, no original, nothing left in tmp. */
  async function expectRefusal(run: () => Promise<{ statusCode: number; json: () => unknown }>, status: number) {
    const [rows, originals] = [await countRows(), filesIn('originals')];
    const response = await run();
    expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
    expect(response.json()).toMatchObject({ status, messages: [expect.any(String)] });
    expect(await countRows()).toBe(rows);
    expect(filesIn('originals')).toEqual(originals);
    expect(filesIn('tmp')).toEqual([]);
    return response.json() as { status: number; messages: string[]; code?: string };
  }

  /** A form signed with the installation's secret whose context holds `extra` besides what the server writes. */
  const formWith = (extra: Record<string, string>) =>
    signedFields({ timestamp: String(Math.floor(Date.now() / 1000)), context: contextString({ space: 'rbcom', uploaded_by: EDITOR.sub, upload_id: crypto.randomUUID(), ...extra }) }, secret);

  /** The service over the app's database and data folder, with the image store changed by `change`. */
  function serviceWith(change: (images: ImageStore) => Partial<ImageStore>): UploadsService {
    const images = createImageStore({ dataDir: t.config.dataDir });
    const account = { cloudName: 'local', apiKey: 'local', apiSecret: secret, uploadUrl: '/media/v1_1/local/image/upload', isEmbedded: true };
    return createUploadsService({ db: t.database.db, images: { ...images, ...change(images) }, account, spaces: t.config.spaces, publicUrl: t.config.publicUrl });
  }

  const upload = async (file: FormFile, user: TestUser = EDITOR, context: Record<string, string> = {}) => {
    const response = await uploadAs(t, user, file, { space: 'rbcom', context });
    expect(response.statusCode, response.body).toBe(200);
    return uploadResponseSchema.parse(response.json());
  };

  describe('the signature call', () => {
    it("signs Cloudinary's fields for the embedded service: the space in the context, the context given, the user", async () => {
      const before = Math.floor(Date.now() / 1000);
      const response = await call(EDITOR, 'POST', '/api/v1/cloudinary-signature', { space: 'rbcom', context: { assetId: 'a1', localization: 'en', alt: 'x=y|z' } });
      expect(response.statusCode).toBe(200);
      const signature = uploadSignatureSchema.parse(response.json());
      expect(signature).toMatchObject({ cloud_name: 'local', upload_url: '/media/v1_1/local/image/upload' });
      // No folder: Cloudinary would make it part of the public id, and ids are never paths.
      expect(Object.keys(signature.fields)).toEqual(['api_key', 'timestamp', 'context', 'signature']);
      expect(signature.fields).toMatchObject({ api_key: 'local' });
      expect(Number(signature.fields.timestamp)).toBeGreaterThanOrEqual(before);
      expect(parseContext(signature.fields.context ?? '')).toEqual({ assetId: 'a1', localization: 'en', alt: 'x=y|z', space: 'rbcom', uploaded_by: EDITOR.sub, upload_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(isSignatureOf(signature.fields, secret)).toBe(true);
    });

    it("answers 400 'No space selected' without a space", async () => {
      for (const body of [{}, { space: '' }, { context: { assetId: 'a1' } }]) {
        const response = await call(EDITOR, 'POST', '/api/v1/cloudinary-signature', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().messages).toEqual([IMAGE_UPLOAD_MESSAGES.noSpaceSelected]);
      }
    });

    it('refuses an asset id or locale in the context that cannot be one, with 400', async () => {
      for (const context of [{ assetId: 'x'.repeat(37) }, { assetId: 'a b' }, { localization: 'english-as-spoken-in-the-uk' }]) {
        expect((await call(EDITOR, 'POST', '/api/v1/cloudinary-signature', { space: 'rbcom', context })).statusCode, JSON.stringify(context)).toBe(400);
      }
    });

    it('refuses a 300-character locale, and a locale under either key that is no locale id, with 400', async () => {
      for (const context of [{ locale: 'x'.repeat(300) }, { localization: 'x'.repeat(300) }, { locale: 'de_DE' }, { localization: 'en', locale: 'EN' }]) {
        const response = await call(EDITOR, 'POST', '/api/v1/cloudinary-signature', { space: 'rbcom', context });
        expect(response.statusCode, JSON.stringify(context)).toBe(400);
        expect(response.json().messages, JSON.stringify(context)).toEqual([expect.stringMatching(/^context\.(locale|localization): a locale id/)]);
      }
      expect((await call(EDITOR, 'POST', '/api/v1/cloudinary-signature', { space: 'rbcom', context: { locale: 'pt-BR' } })).statusCode).toBe(200);
    });

    it('signs for the demo accounts that create content, and refuses the curator and the translator with 403', async () => {
      expect(DEMO_SIGNATURES.map(({ user, status }) => [user.sub, status])).toEqual([
        ['admin', 200],
        ['editor', 200],
        ['translator', 403],
        ['curator', 403],
        ['tv', 200],
        ['hub', 200],
      ]);
      for (const { user, space, status } of DEMO_SIGNATURES) {
        const response = await call(user, 'POST', '/api/v1/cloudinary-signature', { space, context: { localization: user.rights.localizations[0] ?? 'en' } });
        expect(response.statusCode, `${user.sub} in ${space}`).toBe(status);
      }
    });

    it('signs only for spaces the user can create in, with the rights of a role override', async () => {
      expect((await call(EDITOR, 'POST', '/api/v1/cloudinary-signature', { space: 'rbtv' })).statusCode).toBe(403);
      expect((await call(TECH_ADMIN, 'POST', '/api/v1/cloudinary-signature', { space: 'rbtv' })).statusCode).toBe(403);
      expect((await call(TV, 'POST', '/api/v1/cloudinary-signature', { space: 'rbtv' })).statusCode).toBe(200);
      const asOverride = async (override: object, space: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/cloudinary-signature',
          headers: { ...(await t.auth(TECH_ADMIN)), [ROLE_OVERRIDE_HEADER]: JSON.stringify(override) },
          payload: { space },
        });
      expect((await asOverride({ roles: ['content-editor'], spaces: ['global'], localizations: ['en'] }, 'rbcom')).statusCode).toBe(403);
      expect((await asOverride({ roles: ['content-editor', 'rbtv-content-creator'], spaces: ['rbtv'], localizations: ['en'] }, 'rbtv')).statusCode).toBe(200);
      expect((await asOverride({ roles: ['translator'], spaces: ['rbcom'], localizations: ['de'] }, 'rbcom')).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/cloudinary-signature', payload: { space: 'rbcom' } })).statusCode).toBe(401);
    });
  });

  describe('the upload endpoint', () => {
    it('stores a signed upload and answers like Cloudinary; the image is delivered under its public id', async () => {
      const data = await picture('png', 64, 48);
      const response = await uploadAs(t, EDITOR, { filename: 'Start Line.png', data }, { space: 'rbcom', context: { assetId: 'asset-1', localization: 'de' } });
      expect(response.statusCode, response.body).toBe(200);
      const uploaded = uploadResponseSchema.parse(response.json());
      expect(uploaded).toMatchObject({ format: 'png', width: 64, height: 48, bytes: data.length, resource_type: 'image', original_filename: 'Start Line' });
      expect(uploaded.public_id).toMatch(/^start-line-[0-9a-f]{20}$/);
      expect(uploaded.secure_url).toBe(`${t.config.publicUrl}/media/image/upload/v${uploaded.version}/${uploaded.public_id}.png`);
      const [row] = await rowsOf(uploaded.public_id);
      expect(row).toMatchObject({ space: 'rbcom', asset_id: 'asset-1', localization: 'de', user_id: EDITOR.sub, file_name: 'Start Line.png', format: 'png', bytes: data.length, width: 64, height: 48 });
      expect(filesIn('originals')).toContain(`${uploaded.public_id}.png`);
      expect(filesIn('tmp')).toEqual([]);
      const delivered = await t.app.inject({ method: 'GET', url: `/media/image/upload/${uploaded.public_id}` });
      expect(delivered.statusCode).toBe(200);
      expect(await sharp(delivered.rawPayload).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });
    });

    it("refuses a forged signature with 401 'Invalid Signature' before reading the file", async () => {
      const signature = await requestSignature(t, EDITOR);
      const data = await picture('png');
      const changed = { ...signature.fields, context: (signature.fields.context ?? '').replace('space=rbcom', 'space=global') };
      const forged = signedFields({ timestamp: signature.fields.timestamp ?? '', context: signature.fields.context ?? '' }, 'not-the-secret');
      for (const fields of [changed, forged, { ...signature.fields, signature: '0'.repeat(40) }]) {
        const body = await expectRefusal(() => postUpload(t, signature, fields, { filename: 'a.png', data }), 401);
        expect(body.messages).toEqual(['Invalid Signature']);
      }
      await expectRefusal(() => postUpload(t, signature, { ...signature.fields, api_key: 'other' }, { filename: 'a.png', data }), 401);
    });

    it('refuses a signature older than an hour, or more than a minute ahead, with 400', async () => {
      const now = Math.floor(Date.now() / 1000);
      const data = await picture('png');
      const context = `space=rbcom|uploaded_by=${EDITOR.sub}`;
      for (const timestamp of [now - 3601, now + 120]) {
        const fields = signedFields({ timestamp: String(timestamp), context }, secret);
        const body = await expectRefusal(() => postUpload(t, { upload_url: '/media/v1_1/local/image/upload' }, fields, { filename: 'a.png', data }), 400);
        expect(body).toMatchObject({ code: 'stale-request', messages: [expect.stringContaining('Stale request')] });
      }
      const fresh = signedFields({ timestamp: String(now - 3500), context }, secret);
      expect((await postUpload(t, { upload_url: '/media/v1_1/local/image/upload' }, fresh, { filename: 'a.png', data })).statusCode).toBe(200);
    });

    it('refuses a signature used before with 409', async () => {
      const signature = await requestSignature(t, EDITOR);
      const first = await postUpload(t, signature, signature.fields, { filename: 'first.png', data: await picture('png', 20, 20) });
      expect(first.statusCode).toBe(200);
      const second = await picture('png', 21, 21);
      const body = await expectRefusal(() => postUpload(t, signature, signature.fields, { filename: 'second.png', data: second }), 409);
      expect(body.code).toBe('signature-used');
    });

    it('answers 404 for another cloud name, and 400 without a file', async () => {
      const signature = await requestSignature(t, EDITOR);
      const data = await picture('png');
      await expectRefusal(() => postUpload(t, { upload_url: '/media/v1_1/demo/image/upload' }, signature.fields, { filename: 'a.png', data }), 404);
      const empty = await expectRefusal(() => postUpload(t, signature, signature.fields, { filename: 'a.png', data: Buffer.alloc(0) }), 400);
      expect(empty.messages).toEqual(['Missing required parameter - file']);
    });

    it('decides the type from the bytes: a png named .gif is a png, a gif a gif', async () => {
      expect(await upload({ filename: 'fake.gif', data: await picture('png', 30, 20) })).toMatchObject({ format: 'png', width: 30, height: 20 });
      const gif = await upload({ filename: 'loop.gif', data: await picture('gif', 25, 15) });
      expect(gif).toMatchObject({ format: 'gif', width: 25, height: 15 });
      expect(filesIn('originals')).toContain(`${gif.public_id}.gif`);
      expect(await upload({ filename: 'photo.jpeg', data: await picture('jpeg', 50, 40) })).toMatchObject({ format: 'jpg' });
    });

    it('refuses html named .jpg, a text file, a webp and a truncated jpeg with 400', async () => {
      const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
        .jpeg()
        .toBuffer();
      const refused: FormFile[] = [
        { filename: 'page.jpg', data: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>') },
        { filename: 'notes.txt', data: Buffer.from('Just some words, not a picture.\n') },
        { filename: 'modern.png', data: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).webp().toBuffer() },
        { filename: 'cut.jpg', data: photo.subarray(0, Math.floor(photo.length * 0.6)) },
      ];
      for (const file of refused) {
        const signature = await requestSignature(t, EDITOR);
        await expectRefusal(() => postUpload(t, signature, signature.fields, file), 400);
      }
    });

    it('refuses a file of 100,000,000 bytes with 413 while streaming it, and keeps nothing of it', { timeout: 60_000 }, async () => {
      const signature = await requestSignature(t, EDITOR);
      const body = await expectRefusal(() => postUpload(t, signature, signature.fields, { filename: 'huge.png', streamedBytes: IMAGE_UPLOAD_MAX_BYTES, fill: 7 }), 413);
      expect(body.messages).toEqual([IMAGE_UPLOAD_MESSAGES.tooLarge]);
    });

    it('answers a refused large upload over a real connection while it is still being sent, and frees the connection', { timeout: 60_000 }, async () => {
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      // A sparse file: 100,000,000 bytes on the wire without holding them in memory or on disk.
      const file = path.join(t.config.dataDir, 'sparse.png');
      fs.writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      fs.truncateSync(file, IMAGE_UPLOAD_MAX_BYTES);
      const post = async (fields: Record<string, string>) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('file', await fs.openAsBlob(file), 'big.png');
        const response = await fetch(new URL('/media/v1_1/local/image/upload', url), { method: 'POST', body: form });
        return { status: response.status, body: (await response.json()) as { messages: string[] } };
      };
      const signature = await requestSignature(t, EDITOR);
      expect(await post({ ...signature.fields, signature: 'f'.repeat(40) })).toEqual({ status: 401, body: expect.objectContaining({ messages: ['Invalid Signature'] }) });
      expect(await post(signature.fields)).toEqual({ status: 413, body: expect.objectContaining({ messages: [IMAGE_UPLOAD_MESSAGES.tooLarge] }) });
      expect(filesIn('tmp')).toEqual([]);
      fs.rmSync(file);
    });

    it('refuses a form whose signed context holds what cannot be a column, with 400, before reading the file', async () => {
      const data = await picture('png');
      const refusals: Array<[Record<string, string>, RegExp]> = [
        [{ locale: 'x'.repeat(300) }, /^context\.locale: a locale id/],
        [{ localization: 'english-as-spoken-in-the-uk' }, /^context\.localization: a locale id/],
        [{ assetId: 'a'.repeat(37) }, /^context\.assetId: an asset id/],
        [{ space: 'nowhere' }, /^space: "nowhere" is not a space of this installation/],
      ];
      for (const [extra, message] of refusals) {
        const body = await expectRefusal(() => postUpload(t, { upload_url: '/media/v1_1/local/image/upload' }, formWith(extra), { filename: 'a.png', data }), 400);
        expect(body.messages, JSON.stringify(extra)).toEqual([expect.stringMatching(message)]);
      }
      // The older key is still read, checked, and kept as the row's locale.
      const accepted = await postUpload(t, { upload_url: '/media/v1_1/local/image/upload' }, formWith({ locale: 'de' }), await distinct(40));
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await rowsOf(uploadResponseSchema.parse(accepted.json()).public_id)).toMatchObject([{ localization: 'de' }]);
    });

    it('keeps the file name without control characters', async () => {
      const uploaded = await upload({ filename: 'tab\tnul\u0000.png', data: await picture('png', 23, 23) });
      expect(await rowsOf(uploaded.public_id)).toMatchObject([{ file_name: 'tabnul.png' }]);
    });

    it('refuses a PNG of 16000 × 16000 pixels (a few kB) with 400 from its header, and keeps 50 megapixels', async () => {
      const huge = pngClaiming(16_000, 16_000);
      expect(huge.length).toBeLessThan(40_000);
      for (const [width, height] of [[16_000, 16_000], [10_000, 5001]] as const) {
        const signature = await requestSignature(t, EDITOR);
        const body = await expectRefusal(() => postUpload(t, signature, signature.fields, { filename: 'huge.png', data: pngClaiming(width, height) }), 400);
        expect(body.messages).toEqual([tooManyPixels({ width, height })]);
      }
      expect(tooManyPixels({ width: 16_000, height: 16_000 })).toContain('16000 × 16000 pixels (256.0 megapixels)');
      expect(await upload({ filename: 'wide.png', data: pngClaiming(10_000, 5000) })).toMatchObject({ width: 10_000, height: 5000 });
    });

    it('refuses a GIF past 50 megapixels, or past 100 megapixels in all its frames, with 400', async () => {
      const refused: Array<[Buffer, string]> = [
        [gifClaiming(8000, 8000, 1), tooManyPixels({ width: 8000, height: 8000 })],
        [gifClaiming(5000, 5000, 5), tooManyFramePixels({ width: 5000, height: 5000, frames: 5 })],
      ];
      for (const [data, message] of refused) {
        const signature = await requestSignature(t, EDITOR);
        const body = await expectRefusal(() => postUpload(t, signature, signature.fields, { filename: 'loop.gif', data }), 400);
        expect(body.messages).toEqual([message]);
      }
      expect(await upload({ filename: 'long.gif', data: gifClaiming(5000, 5000, 4) })).toMatchObject({ format: 'gif', width: 5000, height: 5000 });
    });

    it('refuses an SVG whose size is past 50 megapixels with 400', async () => {
      const signature = await requestSignature(t, EDITOR);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="1" height="1"/></svg>');
      const body = await expectRefusal(() => postUpload(t, signature, signature.fields, { filename: 'poster.svg', data: svg }), 400);
      expect(body.messages).toEqual([tooManyPixels({ width: 100_000, height: 100_000 })]);
    });

    it('refuses an SVG of 2,400,000 empty groups (9.6 MB) and one nested 20,000 deep with 400, and keeps nothing', { timeout: 60_000 }, async () => {
      const open = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">';
      const hostile = [Buffer.from(`${open}${'<g/>'.repeat(2_400_000)}</svg>`), Buffer.from(`${open}${'<g>'.repeat(20_000)}${'</g>'.repeat(20_000)}</svg>`)];
      for (const data of hostile) {
        const signature = await requestSignature(t, EDITOR);
        const body = await expectRefusal(() => postUpload(t, signature, signature.fields, { filename: 'hostile.svg', data }), 400);
        expect(body.messages).toEqual([SVG_TOO_COMPLEX]);
      }
      // The checking thread is still there for the next SVG.
      expect(await upload({ filename: 'after.svg', data: Buffer.from(`${open}<rect width="10" height="10"/></svg>`) })).toMatchObject({ format: 'svg', width: 10 });
    });

    it('lets one of two uses of a form at the same moment in, and answers the other 409, with its file or without', async () => {
      for (const same of [false, true]) {
        const signature = await requestSignature(t, EDITOR);
        const files = [await distinct(same ? 50 : 51), await distinct(same ? 50 : 52)];
        const [rows, originals] = [await countRows(), filesIn('originals')];
        const responses = await Promise.all(files.map((file) => postUpload(t, signature, signature.fields, file)));
        expect(responses.map((response) => response.statusCode).toSorted()).toEqual([200, 409]);
        const winner = uploadResponseSchema.parse(responses.find((response) => response.statusCode === 200)!.json());
        expect(await countRows()).toBe(rows + 1);
        expect(filesIn('originals').toSorted()).toEqual([...originals, `${winner.public_id}.png`].toSorted());
        expect(filesIn('tmp')).toEqual([]);
      }
    });

    it('stores an SVG sanitised, with the XML declaration', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" onload="alert(1)"><script>alert(2)</script><rect width="120" height="60" fill="#e11d48"/></svg>');
      const uploaded = await upload({ filename: 'logo.svg', data: svg });
      expect(uploaded).toMatchObject({ format: 'svg', width: 120, height: 60 });
      const stored = fs.readFileSync(path.join(mediaDir('originals'), `${uploaded.public_id}.svg`), 'utf8');
      expect(stored.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(stored).not.toMatch(/alert|onload|script/);
      expect(uploaded.bytes).toBe(Buffer.byteLength(stored));
      const delivered = await t.app.inject({ method: 'GET', url: `/media/image/upload/${uploaded.public_id}` });
      expect(delivered.headers['content-type']).toBe('image/svg+xml');
    });
  });

  describe('the order of file and row', () => {

    // A store that never returns stands for the process killed at that moment: what is visible then is what a crash leaves.
    it.each([
      { point: 'before the original is stored', seed: 63, storesFirst: false, killedAt: 1, hasRow: false },
      { point: 'after the original is stored, before the row', seed: 64, storesFirst: true, killedAt: 1, hasRow: false },
      { point: 'after the row', seed: 65, storesFirst: false, killedAt: 2, hasRow: true },
    ])('leaves nothing visible or a complete upload when killed $point', async ({ seed, storesFirst, killedAt, hasRow }) => {
      const kill = new AbortController();
      const killed = new Promise<never>((_resolve, reject) => kill.signal.addEventListener('abort', () => reject(new Error('killed'))));
      let calls = 0;
      const dying = serviceWith((images) => ({
        storeOriginal: async (input) => {
          if (++calls !== killedAt) return images.storeOriginal(input);
          if (storesFirst) await images.storeOriginal(input);
          return killed;
        },
      }));
      const signature = await requestSignature(t, EDITOR);
      const file = await distinct(seed);
      const receiving = dying.receiveUpload('local', formOf(signature.fields, file)).catch((error: unknown) => error);
      await expect.poll(() => calls).toBe(killedAt);
      const rowsOfForm = () => t.database.db.selectFrom('upload').selectAll().where('signature', '=', signature.fields.signature ?? '').execute();
      const delivered = async (rows: Array<{ public_id: string }>) =>
        Promise.all(rows.map(async (row) => (await t.app.inject({ method: 'GET', url: `/media/image/upload/${row.public_id}` })).statusCode));

      const visible = await rowsOfForm();
      expect(visible).toHaveLength(hasRow ? 1 : 0);
      expect(await delivered(visible)).toEqual(visible.map(() => 200));
      // The browser sends the same form again: without a row the signature is not spent, and the retry completes.
      const retried = await postUpload(t, signature, signature.fields, file);
      expect(retried.statusCode, retried.body).toBe(hasRow ? 409 : 200);
      const after = await rowsOfForm();
      expect(after).toHaveLength(1);
      expect(await delivered(after)).toEqual([200]);

      kill.abort();
      await receiving;
      await dying.close();
    });

    it('leaves no row and an unspent signature when storing the original fails', async () => {
      const failing = serviceWith(() => ({
        storeOriginal: async () => {
          throw new Error('disk full');
        },
      }));
      const signature = await requestSignature(t, EDITOR);
      const file = await distinct(61);
      const [rows, originals] = [await countRows(), filesIn('originals')];
      await expect(failing.receiveUpload('local', formOf(signature.fields, file))).rejects.toThrow('disk full');
      expect(await countRows()).toBe(rows);
      expect(filesIn('originals')).toEqual(originals);
      expect((await postUpload(t, signature, signature.fields, file)).statusCode).toBe(200);
      await failing.close();
    });

    it('puts the original back when removing another upload of the same image took it between the file and the row', async () => {
      const file = await distinct(62);
      const earlier = await upload(file);
      let stored = 0;
      const racing = serviceWith((images) => ({
        storeOriginal: async (input) => {
          await images.storeOriginal(input);
          if (++stored > 1) return;
          // What removing the earlier upload does at this moment: its row, then the original nobody else uses yet.
          await t.database.db.deleteFrom('upload').where('public_id', '=', earlier.public_id).execute();
          await images.removeOriginal(earlier.public_id);
        },
      }));
      const signature = await requestSignature(t, EDITOR);
      const uploaded = await racing.receiveUpload('local', formOf(signature.fields, file));
      expect(uploaded.public_id).toBe(earlier.public_id);
      expect(await rowsOf(uploaded.public_id)).toHaveLength(1);
      expect(filesIn('originals')).toContain(`${uploaded.public_id}.png`);
      expect(filesIn('tmp')).toEqual([]);
      await racing.close();
    });
  });

  describe('removing uploads', () => {

    it('lets the uploader remove an upload, which removes the original nothing else uses', async () => {
      const uploaded = await upload(await distinct(1));
      expect((await remove(TV, uploaded.public_id)).statusCode).toBe(403);
      const response = await remove(EDITOR, uploaded.public_id);
      expect(response.statusCode).toBe(204);
      expect(await rowsOf(uploaded.public_id)).toEqual([]);
      expect(filesIn('originals')).not.toContain(`${uploaded.public_id}.png`);
      expect((await remove(EDITOR, uploaded.public_id)).statusCode).toBe(404);
    });

    it("lets an admin remove anyone's upload", async () => {
      const uploaded = await upload(await distinct(2));
      expect((await remove(TECH_ADMIN, uploaded.public_id)).statusCode).toBe(204);
      expect(await rowsOf(uploaded.public_id)).toEqual([]);
    });

    it('keeps the original while another upload or an asset still uses it', async () => {
      const file = await distinct(3);
      const mine = await upload(file);
      const theirs = await upload(file, TECH_ADMIN);
      expect(theirs.public_id).toBe(mine.public_id);
      expect((await remove(EDITOR, mine.public_id)).statusCode).toBe(204);
      expect(await rowsOf(mine.public_id)).toHaveLength(1);
      expect(filesIn('originals')).toContain(`${mine.public_id}.png`);

      const asset = await createImageAsset(theirs);
      expect((await remove(TECH_ADMIN, mine.public_id)).statusCode).toBe(204);
      expect(filesIn('originals')).toContain(`${mine.public_id}.png`);
      expect((await call(EDITOR, 'DELETE', `/api/v1/assets/${asset}/localizations/en`)).statusCode).toBe(200);
    });

    it('keeps the uploads of a deleted asset while the trash keeps it, and removes them when the trash lets it go (spec 000 §4)', async () => {
      const first = await uploadAs(t, EDITOR, await distinct(4), { space: 'rbcom' });
      const uploaded = uploadResponseSchema.parse(first.json());
      const asset = await createImageAsset(uploaded);
      const other = await upload(await distinct(5), EDITOR, { assetId: asset, localization: 'en' });
      await t.database.db.updateTable('upload').set({ asset_id: asset, localization: 'en' }).where('public_id', '=', uploaded.public_id).execute();
      const unrelated = await upload(await distinct(6));

      const deleted = await call(EDITOR, 'DELETE', `/api/v1/assets/${asset}/localizations/en`);
      expect(deleted.statusCode).toBe(200);
      // In the trash the version may be restored, images and all.
      for (const kept of [uploaded, other]) expect(filesIn('originals')).toContain(`${kept.public_id}.png`);

      const uploads = serviceWith(() => ({}));
      const later = () => new Date(Date.now() + (DEFAULT_TRASH_RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000);
      const purge = createTrashPurge({ db: t.database.db, retentionDays: DEFAULT_TRASH_RETENTION_DAYS, removeUploads: uploads.removeUploadsOfVersion, now: later });
      expect(await purge.runOnce()).toBeGreaterThanOrEqual(1);
      for (const gone of [uploaded, other]) {
        expect(await rowsOf(gone.public_id)).toEqual([]);
        expect(filesIn('originals')).not.toContain(`${gone.public_id}.png`);
      }
      expect(await rowsOf(unrelated.public_id)).toHaveLength(1);
      expect(filesIn('originals')).toContain(`${unrelated.public_id}.png`);
      expect(await t.database.db.selectFrom('deleted_version').select('id').where('asset_id', '=', asset).execute()).toEqual([]);
      expect(await t.database.db.selectFrom('asset_history').select('version').where('asset_id', '=', asset).execute()).toEqual([]);
    });

  });
});

describe('uploads with a Cloudinary account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { CLOUDINARY_URL: 'cloudinary://123456789012345:account-secret@demo-cloud' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("signs for the account's upload API and tells the browser where its images are delivered from", async () => {
    const signature = await requestSignature(t, EDITOR, { space: 'rbcom', context: { assetId: 'a1' } });
    expect(signature).toMatchObject({ cloud_name: 'demo-cloud', upload_url: 'https://api.cloudinary.com/v1_1/demo-cloud/image/upload', fields: { api_key: '123456789012345' } });
    expect(isSignatureOf(signature.fields, 'account-secret')).toBe(true);
    const config = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    expect(config.body).toContain('"imageDeliveryBaseUrl":"https://res.cloudinary.com/demo-cloud"');
  });

  it('turns the embedded upload endpoint off', async () => {
    const signature = await requestSignature(t, EDITOR);
    for (const cloud of ['local', 'demo-cloud']) {
      const response = await postUpload(t, { upload_url: `/media/v1_1/${cloud}/image/upload` }, signature.fields, { filename: 'a.png', data: await picture('png') });
      expect(response.statusCode).toBe(404);
    }
  });
});
