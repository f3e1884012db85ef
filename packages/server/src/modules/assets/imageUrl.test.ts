import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, EDITOR, HUB, startTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { createImageStore } from '../media/imageStore.ts';

/** A crop from its corners, in pixels of the original. */
const crop = (x1: number, y1: number, x2: number, y2: number) => ({ p1: { x: x1, y: y1 }, p2: { x: x2, y: y2 } });

describe.each(DIALECTS)('image URL of an asset (%s)', (dialect) => {
  let t: TestApp;
  let media: { provider: string; referenceId: string; width: number; height: number; imageFormat: string };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const data = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#f6a57a' } }).jpeg().toBuffer();
    const saved = await createImageStore({ dataDir: t.config.dataDir }).saveImage(data, { filename: 'nazare.jpg' });
    media = { provider: 'cloudinary', referenceId: saved.referenceId, width: saved.width, height: saved.height, imageFormat: saved.imageFormat };
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(user), ...(payload ? { payload } : {}) });

  const create = async (stencil: string, content: object) => {
    const response = await call(EDITOR, 'POST', `/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=${stencil}`, { content });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };

  it("answers an image asset's image as a card-width delivery URL that serves the image", async () => {
    const id = await create('image', { image: { value: media }, title: { value: 'Big wave at Nazaré' } });
    const response = await call(EDITOR, 'GET', `/api/v1/assets/${id}/image-url`);
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json<{ imageUrl: string }>();
    expect(imageUrl).toBe(`/media/image/upload/w_400,f_auto,q_auto/${media.referenceId}`);
    const image = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 400, height: 225 });
  });

  it("answers a story's hero image", async () => {
    const id = await create('story', { title: { value: 'Surfing Nazaré' }, 'hero-image': { value: media } });
    const response = await call(EDITOR, 'GET', `/api/v1/assets/${id}/image-url`);
    expect(response.json()).toEqual({ imageUrl: `/media/image/upload/w_400,f_auto,q_auto/${media.referenceId}` });
  });

  it('falls back to the first image input that holds an image', async () => {
    const id = await create('video', { title: { value: 'Nazaré from above' }, thumbnail: { value: media } });
    expect((await call(EDITOR, 'GET', `/api/v1/assets/${id}/image-url`)).json()).toEqual({ imageUrl: `/media/image/upload/w_400,f_auto,q_auto/${media.referenceId}` });
  });

  it('shows the card crop: 4x3, else 16x9, else 3x2, else 1x1, in the image-url call and the list alike', async () => {
    const ratios = { '1x1': crop(350, 0, 1250, 900), '16x9': crop(0, 0, 1600, 900), '2x1': crop(0, 50, 1600, 850) };
    const id = await create('image', { image: { value: { ...media, ratios } }, title: { value: 'Cropped wave' } });
    const { imageUrl } = (await call(EDITOR, 'GET', `/api/v1/assets/${id}/image-url`)).json<{ imageUrl: string }>();
    expect(imageUrl).toBe(`/media/image/upload/c_crop,x_0,y_0,w_1600,h_900/w_400,f_auto,q_auto/${media.referenceId}`);
    const square = await create('image', { image: { value: { ...media, ratios: { '1x1': ratios['1x1'], '4x3': crop(200, 0, 1400, 900) } } }, title: { value: 'Squared wave' } });
    const cardUrl = (await call(EDITOR, 'GET', `/api/v1/assets/${square}/image-url`)).json<{ imageUrl: string }>().imageUrl;
    expect(cardUrl).toBe(`/media/image/upload/c_crop,x_200,y_0,w_1200,h_900/w_400,f_auto,q_auto/${media.referenceId}`);
    const image = await t.app.inject({ method: 'GET', url: cardUrl, headers: { accept: 'image/webp' } });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    const list = await call(EDITOR, 'GET', '/api/v1/assets?limit=50');
    const items = list.json<{ _embedded: { item: Array<{ id: string; imageUrl: string | null }> } }>()._embedded.item;
    expect(items.find((item) => item.id === id)?.imageUrl).toBe(imageUrl);
    expect(items.find((item) => item.id === square)?.imageUrl).toBe(cardUrl);
  });

  it('answers 404 for an asset without an image or an unknown asset', async () => {
    const id = await create('story', { title: { value: 'No pictures today' } });
    const response = await call(EDITOR, 'GET', `/api/v1/assets/${id}/image-url`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'not-found' });
    expect((await call(EDITOR, 'GET', '/api/v1/assets/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d/image-url')).statusCode).toBe(404);
  });

  it('answers 404 to a user outside the asset spaces, as for an unknown asset, and 401 without sign-in', async () => {
    const id = await create('image', { image: { value: media }, title: { value: 'Rbcom only' } });
    expect((await call(HUB, 'GET', `/api/v1/assets/${id}/image-url`)).json()).toEqual({ status: 404, code: 'not-found', messages: [`No asset ${id}.`] });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/assets/${id}/image-url` })).statusCode).toBe(401);
  });
});
