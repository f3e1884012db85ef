import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssetVersion } from '@editor/domain';
import { createApiClient } from '../../api/client.ts';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { installFakeApi } from '../../test/fakeApi.ts';
import { buildUploadResponse, TEST_SIGNATURE } from '../../parts/image-upload/uploadTestKit.ts';
import { buildArchiveItem } from '../../parts/media-archive/archiveItemFixture.ts';
import { installAnsweringImageService } from '../uploads/answeringImageService.ts';
import { createGalleryAsset, createImages } from './createGallery.ts';
import { archiveItemOf, uploadItemOf, type GalleryDraft, type GalleryItem } from './galleryDraft.ts';

const api = () => createApiClient({ getCredentials: async () => ({ idToken: 'token', roleOverride: null }), validateResponses: true });
const target = { space: 'global', localization: 'en' };

function createdVersion(id: string): AssetVersion {
  return buildAssetVersion({ id, stencil: 'image', content: {}, localizations: [{ localization: 'en', status: 'draft' }], meta: { status: 'draft', version: 1 } });
}

/** A server that makes `img-N` assets and, while `failGallery` holds, refuses the gallery with a 503. */
function setUp(state: { failGallery: boolean }) {
  let created = 0;
  const fake = installFakeApi({
    'POST /api/v1/cloudinary-signature': { status: 200, body: TEST_SIGNATURE },
    'POST /api/v1/assets/-/localizations/en': (request) => {
      if (request.query.get('container.stencil') === 'image-gallery') {
        return state.failGallery ? { status: 503, body: { status: 503, messages: ['The database is not available.'] } } : { status: 201, body: { ...createdVersion('gal-1'), stencil: 'image-gallery' } };
      }
      created += 1;
      return { status: 201, body: createdVersion(`img-${created}`) };
    },
  });
  for (const n of [1, 2, 3, 4]) fake.answer(`PUT /api/v1/assets/img-${n}/localizations/en`, { status: 200, body: createdVersion(`img-${n}`) });
  installAnsweringImageService((form) => ({ status: 200, body: buildUploadResponse({ public_id: `up-${(form.get('file') as File).name}` }) }));
  return fake;
}

/** Keeps the items' changes as the wizard does, so a second run sees what the first made. */
function keeper(items: GalleryItem[]) {
  return { onItem: (key: string, change: Pick<GalleryItem, 'status' | 'asset'>) => Object.assign(items.find((item) => item.key === key) ?? {}, change) };
}

afterEach(() => vi.restoreAllMocks());

describe('gallery creation', () => {
  it('creates uploads and archive images one by one in order, with the gallery geolocation, then the gallery referencing them; Try again makes no duplicates', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const state = { failGallery: true };
    const fake = setUp(state);
    const items: GalleryItem[] = [
      { ...uploadItemOf(new File(['a'], 'surf-one.png', { type: 'image/png' }), 'u1', null), content: { title: 'Surf one', seoFilename: 'surf-one', credits: 'Jane' } },
      archiveItemOf(buildArchiveItem({ id: 'arch-1' }), null),
      { ...uploadItemOf(new File(['b'], 'surf-two.png', { type: 'image/png' }), 'u2', null), content: { title: 'Surf two', seoFilename: 'surf-two', credits: 'Jane' } },
    ];
    const geolocation = { latitude: 43.3373, longitude: 17.815 };
    const draft: GalleryDraft = { title: 'Surf day', bucket: 'local-uploads', items, disciplines: [{ uuid: 'd-surf', title: 'Surfing', localization: 'en' }], geolocation };
    const run = { items, target, tagging: { geolocation } };

    const progress: Record<string, number[]> = {};
    const onProgress = (key: string, percent: number) => (progress[key] = [...(progress[key] ?? []), percent]);
    expect(await createImages(api(), { ...run, ...keeper(items), onProgress })).toEqual({ failed: 0 });
    expect(items.map((item) => item.asset?.id)).toEqual(['img-1', 'img-2', 'img-3']);
    // Each upload reports its progress through the image pipeline, from 0 to 100 once its asset is saved.
    expect(progress.u1?.[0]).toBe(0);
    expect(progress.u1?.at(-1)).toBe(100);
    expect(progress.u2?.at(-1)).toBe(100);
    expect(Object.keys(progress)).toEqual(['u1', 'u2']);
    await expect(createGalleryAsset(api(), draft, target)).rejects.toThrow('The database is not available.');

    // Try again: the images are already made, only the gallery is asked for again.
    state.failGallery = false;
    expect(await createImages(api(), { ...run, ...keeper(items) })).toEqual({ failed: 0 });
    const gallery = await createGalleryAsset(api(), draft, target);
    expect(gallery.id).toBe('gal-1');

    const creates = fake.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/assets/-/localizations/en');
    expect(creates.map((request) => request.query.get('container.stencil'))).toEqual(['image', 'image', 'image', 'image-gallery', 'image-gallery']);
    const archiveCreate = creates[1]?.body as { content: Record<string, { value: unknown }> };
    expect(archiveCreate.content.image).toBeDefined();
    // Spec 001 §5: every new image, uploaded or from the archive, carries the gallery's geolocation.
    for (const create of creates.slice(0, 3)) expect(create.body).toMatchObject({ content: { geolocation: { value: geolocation } } });
    expect(creates[4]?.body).toEqual({
      content: {
        title: { value: 'Surf day' },
        images: { value: ['img-1', 'img-2', 'img-3'].map((id) => ({ id, stencil: 'image' })) },
        disciplines: { value: [{ id: 'd-surf', stencil: 'discipline' }] },
        geolocation: { value: geolocation },
      },
    });
  });

  it('marks a failed image and carries on with the others; a retry makes only the failed one', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = setUp({ failGallery: false });
    fake.answer('PUT /api/v1/assets/img-1/localizations/en', { status: 503, body: { status: 503, messages: ['down'] } });
    fake.answer('DELETE /api/v1/assets/img-1/localizations/en', { status: 200, body: { id: 'img-1', localization: 'en', deleted: true, remainingLocalizations: [] } });
    fake.answer('DELETE /api/v1/uploads/up-a.png', { status: 204 });
    const items: GalleryItem[] = [
      { ...uploadItemOf(new File(['a'], 'a.png', { type: 'image/png' }), 'u1', null), content: { title: 'A', seoFilename: 'a', credits: 'C' } },
      { ...uploadItemOf(new File(['b'], 'b.png', { type: 'image/png' }), 'u2', null), content: { title: 'B', seoFilename: 'b', credits: 'C' } },
    ];
    const run = { items, target, tagging: { geolocation: undefined } };
    expect(await createImages(api(), { ...run, ...keeper(items) })).toEqual({ failed: 1 });
    expect(items.map((item) => item.status)).toEqual(['failed', 'success']);
    expect(logged).toHaveBeenCalled();

    expect(await createImages(api(), { ...run, ...keeper(items) })).toEqual({ failed: 0 });
    expect(items.map((item) => item.asset?.id)).toEqual(['img-3', 'img-2']);
    // Without a gallery geolocation the images get none.
    const created = fake.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/assets/-/localizations/en');
    for (const create of created) expect((create.body as { content: object }).content).not.toHaveProperty('geolocation');
  });
});
