import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MESSAGES, mediaValueFromUpload, VALIDATION_MESSAGES, type AssetVersion, type InputDefinition } from '@editor/domain';
import { buildListResponse } from '../../test/assetFixtures.ts';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { installFakeApi, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { buildStoryStencil } from '../../test/stencilFixture.ts';
import { UNSUPPORTED_TYPE_MESSAGE } from '../../parts/image-upload/uploadedImage.ts';
import { buildUploadResponse, TEST_SIGNATURE } from '../../parts/image-upload/uploadTestKit.ts';
import { installAnsweringImageService, type ImageServiceHandler } from './answeringImageService.ts';
import { uploadQueue } from './uploadQueueStore.ts';

/** The image stencil's inputs as `packages/server/stencils/image.json` defines them (the ones an upload fills). */
const IMAGE_INPUTS: InputDefinition[] = [
  { name: 'image', type: 'image', constraints: { required: true, providers: ['cloudinary'] }, view: { label: 'Image' } },
  { name: 'title', type: 'text', constraints: { required: true, maxLength: 120 }, view: { label: 'Title' } },
  { name: 'seo-filename', type: 'text', constraints: { required: true, maxLength: 100, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }, view: { label: 'SEO filename' } },
  { name: 'credits', type: 'text', constraints: { required: true, maxLength: 150 }, view: { label: 'Credits' } },
];
const IMAGE_STENCIL = buildStoryStencil({ name: 'image', label: 'Image', icon: 'photo', group: 'Images', previewable: false, inputs: IMAGE_INPUTS });

/** The image service's answer to a file: its public id is `up-` and the file name without extension. */
const uploadOf = (filename: string) => buildUploadResponse({ public_id: `up-${filename.replace(/\.\w+$/, '')}` });

const pngFile = (name: string, size?: number) => {
  const file = new File(['png bytes'], name, { type: 'image/png' });
  // A real file of 100 MB would only slow the test down; its size is what counts.
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** What the server answers to a create: a draft image asset `img-N` with the texts it was given. */
function createdVersion(id: string, content: Record<string, { value: unknown }>): AssetVersion {
  const entries = Object.fromEntries(Object.entries(content).map(([name, entry]) => [name, { name, type: 'text', value: entry.value }]));
  return buildAssetVersion({ id, stencil: 'image', content: entries, localizations: [{ localization: 'en', status: 'draft' }], meta: { status: 'draft', version: 1 } });
}

function setUp(input: { imageService?: ImageServiceHandler; saveStatus?: (id: string) => number } = {}) {
  let created = 0;
  const api = installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser({ roles: ['content-editor'], spaces: ['rbcom', 'rbtv', 'global'], settings: { defaultSpace: 'global' } }) },
    'GET /api/v1/stencils/image': { status: 200, body: IMAGE_STENCIL },
    'POST /api/v1/cloudinary-signature': { status: 200, body: TEST_SIGNATURE },
    'POST /api/v1/assets/-/localizations/en': (request) => {
      created += 1;
      return { status: 201, body: createdVersion(`img-${created}`, (request.body as { content: Record<string, { value: unknown }> }).content) };
    },
  });
  for (const n of [1, 2, 3, 4]) {
    const id = `img-${n}`;
    api.answer(`PUT /api/v1/assets/${id}/localizations/en`, () => {
      const status = input.saveStatus?.(id) ?? 200;
      return status === 200 ? { status, body: createdVersion(id, {}) } : { status, body: { status, messages: ['The database is not available.'] } };
    });
    api.answer(`DELETE /api/v1/assets/${id}/localizations/en`, { status: 200, body: { id, localization: 'en', deleted: true, remainingLocalizations: [] } });
  }
  api.answer('DELETE /api/v1/uploads/up-unsaved', { status: 204 });
  const imageService = installAnsweringImageService(input.imageService ?? ((form) => ({ status: 200, body: uploadOf((form.get('file') as File).name) })));
  return { api, imageService };
}

async function openPage() {
  const view = await renderApp({ path: '/image-uploads', signedInAs: 'editor' });
  await screen.findByText('Please upload images here');
  return view;
}

async function pickFiles(view: Awaited<ReturnType<typeof openPage>>, files: File[]) {
  await view.user.upload(screen.getByLabelText('Choose file(s)'), files);
}

const row = (name: string) => screen.getByRole('listitem', { name });
const callsTo = (requests: RecordedRequest[], method: string, path: string | RegExp) =>
  requests.filter((request) => request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)));

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: (file: File) => `blob:test/${file.name}` });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
});

afterEach(() => {
  uploadQueue.getState().reset();
});

// Whole-app renders with typing and several calls per file: roomy on two shared cores.
describe('the image uploads page (spec 001 §2.8)', { timeout: 20_000 }, () => {
  it('invites to drop or choose images and lists the allowed types', async () => {
    setUp();
    await openPage();
    expect(screen.getByRole('heading', { name: 'Please upload images here' })).toBeVisible();
    expect(screen.getByText('Drag & Drop or')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose file(s)' })).toBeVisible();
    expect(screen.getByText('Allowed types: jpg, jpeg, png, svg, gif')).toBeVisible();
    expect(screen.getByLabelText('Choose file(s)')).toHaveAttribute('multiple');
  });

  it('lists picked files with a thumbnail and title and SEO filename from the file name', async () => {
    setUp();
    const view = await openPage();
    await pickFiles(view, [pngFile('cliff-diving_Mostar.png'), pngFile('Surfer on a wave.jpg')]);
    const first = within(row('cliff-diving_Mostar.png'));
    expect(first.getByRole('img', { name: 'Preview of cliff-diving_Mostar.png' })).toHaveAttribute('src', 'blob:test/cliff-diving_Mostar.png');
    expect(first.getByRole('textbox', { name: /Title/ })).toHaveValue('cliff diving Mostar');
    expect(first.getByRole('textbox', { name: /SEO filename/ })).toHaveValue('cliff-diving-mostar');
    expect(within(row('Surfer on a wave.jpg')).getByRole('textbox', { name: /SEO filename/ })).toHaveValue('surfer-on-a-wave');
    expect(screen.getByText('0 of 2 images uploaded')).toBeVisible();
  });

  it('offers only the spaces the user may create in, starting from their default space', async () => {
    setUp();
    const view = await openPage();
    await pickFiles(view, [pngFile('wave.png')]);
    const space = screen.getByRole('combobox', { name: 'Space' });
    expect(space).toHaveValue('global');
    await view.user.click(space);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['rbcom', 'global']);
  });

  it('checks the SEO filename against the pattern and formats it with dashes on leaving the field', async () => {
    setUp();
    const view = await openPage();
    await pickFiles(view, [pngFile('wave.png')]);
    const seoFilename = within(row('wave.png')).getByRole('textbox', { name: /SEO filename/ });
    await view.user.clear(seoFilename);
    await view.user.type(seoFilename, 'Big Wave, Nazaré!');
    expect(within(row('wave.png')).getByText(VALIDATION_MESSAGES.pattern)).toBeVisible();
    await view.user.tab();
    expect(seoFilename).toHaveValue('big-wave-nazare');
    expect(within(row('wave.png')).queryByText(VALIDATION_MESSAGES.pattern)).not.toBeInTheDocument();
    const title = within(row('wave.png')).getByRole('textbox', { name: /Title/ });
    await view.user.clear(title);
    expect(title).toHaveAccessibleDescription(VALIDATION_MESSAGES.required);
  });

  it('applies credits to all images with a toast, and removes them again', async () => {
    setUp();
    const view = await openPage();
    await pickFiles(view, [pngFile('one.png'), pngFile('two.png')]);
    const creditsForAll = screen.getByRole('textbox', { name: 'Credits for all images' });
    await view.user.type(creditsForAll, 'Jane Doe / Media Pool');
    await view.user.tab();
    expect(await screen.findByText('Credits value "Jane Doe / Media Pool" has been applied to all images automatically')).toBeVisible();
    for (const name of ['one.png', 'two.png']) expect(within(row(name)).getByRole('textbox', { name: /^Credits/ })).toHaveValue('Jane Doe / Media Pool');
    await view.user.clear(creditsForAll);
    await view.user.tab();
    expect(await screen.findByText('Credits have been removed from all images automatically')).toBeVisible();
    for (const name of ['one.png', 'two.png']) expect(within(row(name)).getByRole('textbox', { name: /^Credits/ })).toHaveValue('');
  });

  it('refuses a file of 100,000,000 bytes before any call, in the singular', async () => {
    const { api } = setUp();
    const view = await openPage();
    await pickFiles(view, [pngFile('huge.png', 100_000_000)]);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Failed' });
    expect(within(dialog).getByText(IMAGE_UPLOAD_MESSAGES.tooLarge)).toBeVisible();
    expect(within(dialog).getByText('huge.png')).toBeVisible();
    expect(screen.queryByRole('listitem', { name: 'huge.png' })).not.toBeInTheDocument();
    expect(callsTo(api.requests, 'POST', /.*/)).toEqual([]);
  });

  it('refuses too large files in the plural when several were picked, and keeps the others', async () => {
    setUp();
    const view = await openPage();
    await pickFiles(view, [pngFile('small.png'), pngFile('huge.png', 120_000_000)]);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Failed' });
    expect(within(dialog).getByText(IMAGE_UPLOAD_MESSAGES.someTooLarge)).toBeVisible();
    await view.user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(row('small.png')).toBeVisible();
    expect(screen.queryByRole('listitem', { name: 'huge.png' })).not.toBeInTheDocument();
  });

  it('refuses dropped files of a type that is not allowed', async () => {
    setUp();
    await openPage();
    fireEvent.drop(screen.getByRole('region', { name: 'Image drop zone' }), {
      dataTransfer: { types: ['Files'], files: [new File(['text'], 'notes.txt', { type: 'text/plain' }), pngFile('dropped.png')] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upload Failed' });
    expect(within(dialog).getByText(UNSUPPORTED_TYPE_MESSAGE)).toBeVisible();
    expect(within(dialog).getByText('notes.txt')).toBeVisible();
    expect(row('dropped.png')).toBeVisible();
  });

  it('takes files dropped on the Image Uploads tab into the list and opens the page', async () => {
    const { api } = setUp();
    api.answer('GET /api/v1/assets', { status: 200, body: buildListResponse() });
    const view = await renderApp({ path: '/all-content', signedInAs: 'editor' });
    fireEvent.drop(await screen.findByRole('tab', { name: 'Image Uploads' }), {
      dataTransfer: { types: ['Files'], files: [pngFile('from-the-tab.png'), pngFile('huge.png', 100_000_000)] },
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/image-uploads'));
    expect(await screen.findByRole('listitem', { name: 'from-the-tab.png' })).toBeVisible();
    expect(within(await screen.findByRole('dialog', { name: 'Upload Failed' })).getByText(IMAGE_UPLOAD_MESSAGES.someTooLarge)).toBeVisible();
  });

  it("says 'No space selected' and uploads nothing without a space", async () => {
    const { api } = setUp();
    const view = await openPage();
    await pickFiles(view, [pngFile('wave.png')]);
    await view.user.click(screen.getByRole('button', { name: 'Clear space' }));
    await view.user.click(screen.getByRole('button', { name: 'Upload images' }));
    expect(await screen.findAllByText(IMAGE_UPLOAD_MESSAGES.noSpaceSelected)).not.toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'Space' })).toHaveAccessibleDescription(IMAGE_UPLOAD_MESSAGES.noSpaceSelected);
    expect(callsTo(api.requests, 'POST', /.*/)).toEqual([]);
  });

  it('uploads nothing while a field has errors, and shows them', async () => {
    const { api } = setUp();
    const view = await openPage();
    await pickFiles(view, [pngFile('wave.png')]);
    await view.user.click(screen.getByRole('button', { name: 'Upload images' }));
    // The credits are required by the image stencil and nobody has touched them yet.
    expect(await within(row('wave.png')).findByText(VALIDATION_MESSAGES.required)).toBeVisible();
    expect(callsTo(api.requests, 'POST', /.*/)).toEqual([]);
  });

  it('creates an image asset per file, uploads the file to it and saves the image, then counts the images added', async () => {
    const { api, imageService } = setUp();
    const view = await openPage();
    await pickFiles(view, [pngFile('one.png'), pngFile('two.png'), pngFile('three.png')]);
    await view.user.type(screen.getByRole('textbox', { name: 'Credits for all images' }), 'Jane Doe');
    await view.user.tab();
    await view.user.click(screen.getByRole('button', { name: 'Upload images' }));

    expect(await screen.findByText('3 images have been added to My Content')).toBeVisible();
    expect(screen.getByText('3 of 3 images uploaded')).toBeVisible();
    // Nothing is left to upload.
    expect(screen.getByRole('button', { name: 'Upload images' })).toBeDisabled();
    const creates = callsTo(api.requests, 'POST', '/api/v1/assets/-/localizations/en');
    expect(creates.map((request) => Object.fromEntries(request.query))).toEqual(Array.from({ length: 3 }, () => ({ space: 'global', 'container.stencil': 'image' })));
    expect(creates[0]?.body).toEqual({ content: { title: { value: 'one' }, 'seo-filename': { value: 'one' }, credits: { value: 'Jane Doe' } } });
    expect(imageService.forms).toHaveLength(3);

    for (const [index, name] of ['one.png', 'two.png', 'three.png'].entries()) {
      const id = `img-${index + 1}`;
      const createdAt = api.requests.indexOf(creates[index] as RecordedRequest);
      const signature = api.requests.findIndex((request) => request.path === '/api/v1/cloudinary-signature' && (request.body as { context: { assetId: string } }).context.assetId === id);
      const save = api.requests.findIndex((request) => request.method === 'PUT' && request.path === `/api/v1/assets/${id}/localizations/en`);
      expect(createdAt).toBeLessThan(signature);
      expect(signature).toBeLessThan(save);
      expect(api.requests[signature]?.body).toEqual({ space: 'global', context: { assetId: id, localization: 'en' } });
      const saved = api.requests[save];
      expect(saved?.headers.get('If-Match')).toBe('"1"');
      const image = (saved?.body as { content: Record<string, { value: unknown }> } | undefined)?.content.image?.value;
      expect(image).toEqual(mediaValueFromUpload(uploadOf(name)));
      expect(within(row(name)).getByText('100%')).toBeVisible();
      expect(within(row(name)).getByRole('link', { name: 'Open image asset' })).toHaveAttribute('href', `/assets/${id}/localizations/en/edit`);
    }

    await view.user.click(screen.getByRole('button', { name: 'Clear uploaded' }));
    expect(await screen.findByText('Please upload images here')).toBeVisible();
  });

  it('marks a failed file and goes on with the others; a failed save removes its upload', async () => {
    const { api } = setUp({
      imageService: (form) => {
        const name = (form.get('file') as File).name;
        return name === 'broken.png' ? { status: 400, body: { status: 400, messages: ['The file is not an image.'] } } : { status: 200, body: uploadOf(name) };
      },
      // The second file created (unsaved.png) cannot be saved.
      saveStatus: (id) => (id === 'img-2' ? 503 : 200),
    });
    const view = await openPage();
    await pickFiles(view, [pngFile('broken.png'), pngFile('unsaved.png'), pngFile('fine.png')]);
    await view.user.type(screen.getByRole('textbox', { name: 'Credits for all images' }), 'Jane Doe');
    await view.user.tab();
    await view.user.click(screen.getByRole('button', { name: 'Upload images' }));

    expect(await screen.findByText('1 image has been added to My Content')).toBeVisible();
    for (const name of ['broken.png', 'unsaved.png']) expect(within(row(name)).getByText(IMAGE_UPLOAD_MESSAGES.uploadFailed)).toBeVisible();
    expect(within(row('broken.png')).getByText('The file is not an image.')).toBeVisible();
    expect(within(row('fine.png')).getByRole('link', { name: 'Open image asset' })).toBeVisible();
    expect(callsTo(api.requests, 'DELETE', '/api/v1/uploads/up-unsaved')).toHaveLength(1);
    // What the failed files made is gone again: the assets of broken.png (img-1) and unsaved.png (img-2).
    expect(callsTo(api.requests, 'DELETE', /^\/api\/v1\/assets\//).map((request) => request.path)).toEqual(['/api/v1/assets/img-1/localizations/en', '/api/v1/assets/img-2/localizations/en']);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Failed' });
    expect(within(dialog).getByText(IMAGE_UPLOAD_MESSAGES.uploadFailed)).toBeVisible();
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['broken.png', 'unsaved.png']);
    await waitFor(() => expect(screen.getByText('1 of 3 images uploaded')).toBeVisible());
  });

  it('uploads the failed files again on the next Upload, and only those', async () => {
    let isServiceDown = true;
    const { api } = setUp({ imageService: (form) => (isServiceDown ? { status: 503, body: { status: 503, messages: ['Try later.'] } } : { status: 200, body: uploadOf((form.get('file') as File).name) }) });
    const view = await openPage();
    await pickFiles(view, [pngFile('first.png'), pngFile('second.png')]);
    await view.user.type(screen.getByRole('textbox', { name: 'Credits for all images' }), 'Jane Doe');
    await view.user.tab();
    await view.user.click(screen.getByRole('button', { name: 'Upload images' }));
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Upload Failed' })).getByRole('button', { name: 'Ok' }));
    expect(within(row('first.png')).getByText(IMAGE_UPLOAD_MESSAGES.uploadFailed)).toBeVisible();

    isServiceDown = false;
    await view.user.click(screen.getByRole('button', { name: 'Upload images' }));
    expect(await screen.findByText('2 images have been added to My Content')).toBeVisible();
    expect(within(row('first.png')).queryByText(IMAGE_UPLOAD_MESSAGES.uploadFailed)).not.toBeInTheDocument();
    // Two assets made and removed again in the first run, two made in the second.
    expect(callsTo(api.requests, 'POST', '/api/v1/assets/-/localizations/en')).toHaveLength(4);
  });
});

describe('image uploads only for users who may create content somewhere (spec 000 §6, 002 §6)', { timeout: 20_000 }, () => {
  it.each([
    ['a translator', { roles: ['translator'], spaces: ['rbcom'] }],
    ['a curator', { roles: ['curator'], spaces: ['rbcom'] }],
    ['a content editor of the tv space only, without rbtv-content-creator', { roles: ['content-editor'], spaces: ['rbtv'] }],
  ] as const)('offers %s neither the tab nor the page, and asks the server nothing for it', async (_who, { roles, spaces }) => {
    const api = installFakeApi({ 'GET /api/v1/user': { status: 200, body: buildUser({ roles: [...roles], spaces: [...spaces] }) } });
    await renderApp({ path: '/image-uploads', signedInAs: 'editor' });
    expect(await screen.findByText('Only users who may create content can upload images.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Image Uploads' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'All Content' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Image Uploads' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose file(s)' })).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/api/v1/stencils'))).toEqual([]);
  });

  it('offers a content editor the tab and the page', async () => {
    setUp();
    await openPage();
    expect(screen.getByRole('tab', { name: 'Image Uploads' })).toHaveAttribute('aria-selected', 'true');
  });
});
