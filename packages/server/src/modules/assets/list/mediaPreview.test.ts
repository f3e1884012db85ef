import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetListResponseSchema } from '@editor/domain';
import { DIALECTS, startTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';

const WRITER: TestUser = { sub: 'writer', name: 'Wanda Writer', rights: { roles: ['content-manager'], spaces: ['rbcom'], localizations: ['en'] } };
const PHOTO = { provider: 'cloudinary', referenceId: 'cliff-photo', width: 1600, height: 900 };

describe.each(DIALECTS)('list items name their media preview panel, spec 001 §2.3 (%s)', (dialect) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  const create = async (name: string, stencil: string, content: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=${stencil}`,
      headers: await t.auth(WRITER),
      payload: { content },
    });
    expect(response.statusCode, response.body).toBe(201);
    ids[name] = response.json().id as string;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { LIST_CACHE_MS: '0' });
    await create('image', 'image', { title: { value: 'Cliff photo' }, image: { value: PHOTO } });
    await create('video', 'video', { title: { value: 'Cliff video' }, video: { value: { provider: 'rbmn-video', referenceId: 'MI-0001', mediaType: 'video' } } });
    await create('gallery', 'image-gallery', { title: { value: 'Cliff gallery' }, images: { value: [{ id: ids.image, stencil: 'image' }] } });
    await create('hero', 'story', { title: { value: 'Cliff story' }, 'hero-image': { value: PHOTO } });
    await create('plain', 'story', { title: { value: 'Words only' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the kind and the input the panel reads, and none for an asset without media', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/assets?limit=20', headers: await t.auth(WRITER) });
    expect(response.statusCode, response.body).toBe(200);
    const items = assetListResponseSchema.parse(response.json())._embedded.item;
    const previewOf = (name: string) => items.find((item) => item.id === ids[name])?.mediaPreview;
    expect(previewOf('image')).toEqual({ kind: 'image', input: 'image' });
    expect(previewOf('video')).toEqual({ kind: 'video', input: 'video' });
    expect(previewOf('gallery')).toEqual({ kind: 'image-gallery', input: 'images' });
    expect(previewOf('hero')).toEqual({ kind: 'hero-image', input: 'hero-image' });
    expect(previewOf('plain')).toBeNull();
  });
});
