import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MESSAGES, mediaValueFromUpload, type InputDefinition, type MediaValue, type Rights } from '@editor/domain';
import { metaPayload } from '../../editor-state/editorStore.ts';
import { buildUploadResponse, fileOfSize } from '../../parts/image-upload/uploadTestKit.ts';
import { buildArchiveItem, buildArchivePage } from '../../parts/media-archive/archiveItemFixture.ts';
import { ABOUT, pngFile, renderImageField } from './imageTestKit.tsx';

const heroImage: InputDefinition = { name: 'hero-image', type: 'image', constraints: { providers: ['cloudinary'], heroLayouts: ['wide', 'split'] }, view: { label: 'Hero image' } };
const image: InputDefinition = { name: 'image', type: 'image', constraints: { required: true }, view: { label: 'Image' } };
const DESCRIBED: InputDefinition[] = [
  { name: 'title', type: 'text', view: { label: 'Title' } },
  { name: 'teaser', type: 'text', view: { label: 'Teaser' } },
  { name: 'seo-filename', type: 'text', view: { label: 'SEO filename' } },
];
const STORED: MediaValue = { provider: 'cloudinary', referenceId: 'cliff-7', mediaType: 'image', width: 2000, height: 1000, imageFormat: 'jpg' };

const DESCRIPTION = { title: 'Cliff diver above the old bridge.', teaser: 'A diver jumps from the bridge in Mostar!', 'seo-filename': 'Cliff Diver Mostar.jpg' };

describe('image input (spec 002 §4)', () => {
  it('uploads an added file into the asset’s first space: a card from 0 to 99 while sending, 100 once the value is in, then the preview', async () => {
    const { user, api, service, fileInput, field, valueOf } = renderImageField(image, { handlers: { 'POST /api/v1/image-descriptor': { status: 503, body: { status: 503, messages: ['AI is not configured.'] } } } });
    expect(within(field()).getByRole('button', { name: 'Add' })).toBeVisible();
    expect(fileInput()).toHaveAttribute('accept', '.jpg,.jpeg,.png,.svg,.gif,image/jpeg,image/png,image/svg+xml,image/gif');

    await user.upload(fileInput(), pngFile());
    await waitFor(() => expect(service.uploads).toHaveLength(1));
    const signature = api.requests.find((request) => request.path === '/api/v1/cloudinary-signature');
    expect(signature?.body).toEqual({ space: 'rbcom', context: { assetId: 'img-1', localization: 'en' } });
    const upload = service.uploads[0]!;
    expect(upload.url).toBe(`${window.location.origin}/media/v1_1/editor/image/upload`);
    expect(upload.form.get('signature')).toBe('signed');
    expect((upload.form.get('file') as File).name).toBe('wave.png');

    const bar = () => within(field()).getByRole('progressbar', { name: 'Upload of wave.png' });
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    act(() => upload.progress(50, 100));
    expect(bar()).toHaveAttribute('aria-valuenow', '50');
    expect(within(field()).getByText('50%')).toBeVisible();
    act(() => upload.progress(100, 100));
    expect(bar()).toHaveAttribute('aria-valuenow', '99');
    expect(valueOf()).toBeUndefined();

    act(() => upload.respond(200, buildUploadResponse()));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '100'));
    expect(valueOf()).toEqual(mediaValueFromUpload(buildUploadResponse()));
    expect(within(field()).getByText('Uploaded wave.png')).toBeVisible();

    const preview = await within(field()).findByRole('img', { name: 'Image preview' });
    expect(preview).toHaveAttribute('src', '/media/image/upload/w_600,f_auto,q_auto/wave-1a2b');
    expect(within(field()).getByText('1600 × 900 px · PNG')).toBeVisible();
    expect(within(field()).getByText('Uncropped')).toBeVisible();
    for (const name of ['Change', 'Crop', 'Remove']) expect(within(field()).getByRole('button', { name })).toBeVisible();
    expect(within(field()).getByRole('link', { name: 'Full Image' })).toHaveAttribute('href', '/media/image/upload/wave-1a2b');
    expect(within(field()).getByRole('link', { name: 'Full Image' })).toHaveAttribute('target', '_blank');
  });

  it('a GIF becomes an animated image', async () => {
    const { user, service, fileInput, valueOf } = renderImageField(image);
    await user.upload(fileInput(), new File(['GIF89a'], 'loop.gif', { type: 'image/gif' }));
    await waitFor(() => expect(service.uploads).toHaveLength(1));
    act(() => service.uploads[0]!.respond(200, buildUploadResponse({ format: 'gif' })));
    await waitFor(() => expect(valueOf()).toMatchObject({ mediaType: 'animated', imageFormat: 'gif' }));
  });

  it('refuses a file of 100 MB or more before sending anything', async () => {
    const { user, api, service, fileInput, valueOf } = renderImageField(image);
    await user.upload(fileInput(), fileOfSize('huge.png', 100_000_000));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Failed' });
    expect(dialog).toHaveTextContent(IMAGE_UPLOAD_MESSAGES.tooLarge);
    expect(api.requests).toHaveLength(0);
    expect(service.uploads).toHaveLength(0);
    expect(valueOf()).toBeUndefined();
  });

  it('says so when the image service refuses the file, and keeps the input empty', async () => {
    const { user, api, service, fileInput, field, valueOf } = renderImageField(image);
    await user.upload(fileInput(), pngFile());
    await waitFor(() => expect(service.uploads).toHaveLength(1));
    act(() => service.uploads[0]!.respond(400, { status: 400, messages: ['The file is not an image.'] }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Failed' });
    expect(dialog).toHaveTextContent(IMAGE_UPLOAD_MESSAGES.uploadFailed);
    expect(dialog).toHaveTextContent('Error: The file is not an image.');
    expect(valueOf()).toBeUndefined();
    expect(within(field()).getByRole('button', { name: 'Add' })).toBeVisible();
    // Nothing was stored, so there is nothing to remove.
    expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
  });

  it('removes an upload that arrived but is not a usable image', async () => {
    const { user, api, service, fileInput, valueOf } = renderImageField(image, { handlers: { 'DELETE /api/v1/uploads/wave-1a2b': { status: 204 } } });
    await user.upload(fileInput(), pngFile());
    await waitFor(() => expect(service.uploads).toHaveLength(1));
    act(() => service.uploads[0]!.respond(200, buildUploadResponse({ resource_type: 'raw', format: 'pdf' })));
    expect(await screen.findByRole('dialog', { name: 'Upload Failed' })).toHaveTextContent(IMAGE_UPLOAD_MESSAGES.uploadFailed);
    await waitFor(() => expect(api.requests.some((request) => request.method === 'DELETE' && request.path === '/api/v1/uploads/wave-1a2b')).toBe(true));
    expect(valueOf()).toBeUndefined();
  });

  it('right after the upload, fills title and seo-filename from the AI description of the new image and flags them for review; the editor’s own teaser stays', async () => {
    const { user, api, service, fileInput, store } = renderImageField(image, {
      siblings: DESCRIBED,
      values: { teaser: 'Written by the editor' },
      handlers: { 'POST /api/v1/image-descriptor': { status: 200, body: DESCRIPTION } },
    });
    await user.upload(fileInput(), pngFile());
    await waitFor(() => expect(service.uploads).toHaveLength(1));
    act(() => service.uploads[0]!.respond(200, buildUploadResponse()));
    await waitFor(() => expect(store.getState().values.image).toBeDefined());
    await waitFor(() => expect(store.getState().values.title).toBe('Cliff diver above the old bridge'));
    expect(api.requests.find((request) => request.path === '/api/v1/image-descriptor')?.body).toEqual({ assetId: 'img-1', langCode: 'en', referenceId: 'wave-1a2b' });
    expect(store.getState().values['seo-filename']).toBe('cliff-diver-mostar');
    expect(store.getState().values.teaser).toBe('Written by the editor');
    expect(store.getState().aiReview).toEqual({ needsConfirmation: true, generatedProperties: ['title', 'seo-filename'] });
    expect(metaPayload(store.getState())).toEqual({ aiTranslationNeedsConfirmation: true, aiGeneratedProperties: ['title', 'seo-filename'] });
  });

  it('shows a warning toast when the description fails and keeps the image', async () => {
    const { user, service, fileInput, store, valueOf } = renderImageField(image, {
      siblings: DESCRIBED,
      handlers: { 'POST /api/v1/image-descriptor': { status: 503, body: { status: 503, messages: ['AI is not configured.'] } } },
    });
    await user.upload(fileInput(), pngFile());
    await waitFor(() => expect(service.uploads).toHaveLength(1));
    act(() => service.uploads[0]!.respond(200, buildUploadResponse()));
    await waitFor(() => expect(valueOf()).toBeDefined());
    expect(await screen.findByText(IMAGE_UPLOAD_MESSAGES.descriptionFailed)).toBeVisible();
    expect(valueOf()).toEqual(mediaValueFromUpload(buildUploadResponse()));
    expect(store.getState().values.title).toBeUndefined();
    expect(store.getState().aiReview.needsConfirmation).toBe(false);
  });

  it('asks for no description, and warns of nothing, when the server has no AI endpoint', async () => {
    const { user, api, service, fileInput, valueOf } = renderImageField(image, { siblings: DESCRIBED, config: { aiImageDescriptions: false } });
    await user.upload(fileInput(), pngFile());
    await waitFor(() => expect(service.uploads).toHaveLength(1));
    act(() => service.uploads[0]!.respond(200, buildUploadResponse()));
    await waitFor(() => expect(valueOf()).toEqual(mediaValueFromUpload(buildUploadResponse())));
    expect(api.requests.some((request) => request.path === '/api/v1/image-descriptor')).toBe(false);
    expect(screen.queryByText(IMAGE_UPLOAD_MESSAGES.descriptionFailed)).not.toBeInTheDocument();
  });

  it('hides Add, Change, Crop and Remove when read-only, but keeps Full Image', () => {
    const { field } = renderImageField(image, { values: { image: STORED }, isReadonly: true });
    expect(within(field()).getByRole('link', { name: 'Full Image' })).toBeVisible();
    for (const name of ['Change', 'Crop', 'Remove', 'Add']) expect(within(field()).queryByRole('button', { name })).not.toBeInTheDocument();
    const readonlyEmpty = renderImageField({ ...image, name: 'other', view: { label: 'Other', readonly: true } });
    expect(within(readonlyEmpty.field()).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });

  it('shows images from the Cloudinary account when one serves them', () => {
    const { field } = renderImageField(image, { values: { image: STORED }, config: { imageDeliveryBaseUrl: 'https://res.cloudinary.com/acme' } });
    expect(within(field()).getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', 'https://res.cloudinary.com/acme/image/upload/w_600,f_auto,q_auto/cliff-7');
    expect(within(field()).getByRole('link', { name: 'Full Image' })).toHaveAttribute('href', 'https://res.cloudinary.com/acme/image/upload/cliff-7');
  });

  it('clears the asset’s external reference when the image is edited, and the save sends that', async () => {
    const { user, field, store, valueOf } = renderImageField(image, { values: { image: STORED }, about: { ...ABOUT, externalReference: { origin: 'mediaplanet', foreignId: 'mp-1' } } });
    expect(metaPayload(store.getState())).toBeUndefined();
    await user.click(within(field()).getByRole('button', { name: 'Remove' }));
    expect(valueOf()).toBeUndefined();
    expect(store.getState().externalReference).toBeNull();
    expect(metaPayload(store.getState())).toEqual({ externalReference: null });
    store.getState().discard();
    expect(store.getState().externalReference).toEqual({ origin: 'mediaplanet', foreignId: 'mp-1' });
  });

  it('crops through the crop modal: the preview then shows the 16x9 crop and is no longer uncropped', async () => {
    const { user, field, valueOf } = renderImageField(image, { values: { image: STORED }, handlers: { 'GET /api/v1/media': { status: 404, body: { status: 404, messages: ['Not found'] } } } });
    expect(within(field()).getByText('Uncropped')).toBeVisible();
    await user.click(within(field()).getByRole('button', { name: 'Crop' }));
    const area = await screen.findByRole('group', { name: 'Crop area 16x9' });
    area.focus();
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    // 16x9 of 2000 × 1000 is 1778 × 1000 at x 111; ten to the left.
    expect(valueOf()).toEqual({ ...STORED, ratios: { '16x9': { p1: { x: 101, y: 0 }, p2: { x: 1879, y: 1000 } } } });
    expect(within(field()).queryByText('Uncropped')).not.toBeInTheDocument();
    expect(within(field()).getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', '/media/image/upload/c_crop,x_101,y_0,w_1778,h_1000/w_600,f_auto,q_auto/cliff-7');
  });
});

describe('hero style of an image input (spec 000 §2, §3, §4)', () => {
  it('offers default and the input’s layouts; a layout sets the style meta, default removes it and a later choice reuses its id', async () => {
    const { user, field, store } = renderImageField(heroImage, { values: { 'hero-image': STORED } });
    await user.click(within(field()).getByRole('button', { name: 'Hero style' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select a hero style' });
    expect(dialog).toHaveTextContent('The hero style affects only the header image, title and teaser presentation on the public site.');
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['default', 'wide', 'split']);
    expect(within(dialog).getByRole('button', { name: 'Ok' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'wide' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    const style = store.getState().metas['hero-image']?.style as { id: string; attributes: { variation: string } };
    expect(style.attributes).toEqual({ variation: 'wide' });
    expect(within(field()).getByText('Hero style: wide')).toBeVisible();

    await user.click(within(field()).getByRole('button', { name: 'Hero style' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Select a hero style' })).getByRole('radio', { name: 'default' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(store.getState().metas['hero-image']).toBeUndefined();

    await user.click(within(field()).getByRole('button', { name: 'Hero style' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Select a hero style' })).getByRole('radio', { name: 'split' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(store.getState().metas['hero-image']?.style).toEqual({ id: style.id, attributes: { variation: 'split' } });
  });

  it('offers the occasion-campaign layout only while its feature flag is on', async () => {
    const input = { ...heroImage, constraints: { heroLayouts: ['wide', 'occasion-campaign'] } };
    const off = renderImageField(input, { values: { 'hero-image': STORED } });
    await off.user.click(within(off.field()).getByRole('button', { name: 'Hero style' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select a hero style' });
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['default', 'wide']);
  });

  it('has no Hero style button for an input without hero layouts', () => {
    const { field } = renderImageField(image, { values: { image: STORED } });
    expect(within(field()).queryByRole('button', { name: 'Hero style' })).not.toBeInTheDocument();
  });

  it('adds an image of the media archive through Add media, filtered to images; its value names the item in the image store', async () => {
    const item = buildArchiveItem({ id: '7c1f3a52-0001-4b8e-9a10-5d0a1e000001', attributes: { title: 'Alpine sunrise', width: 2400, height: 1600 } });
    const { user, api, field, valueOf } = renderImageField(image, { handlers: { 'GET /api/v1/sparkle/assets': { status: 200, body: buildArchivePage([item]) } } });
    await user.click(within(field()).getByRole('button', { name: 'Add media' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add media' });
    const card = await within(dialog).findByRole('article', { name: 'Alpine sunrise' });
    expect(api.requests.find((request) => request.path === '/api/v1/sparkle/assets')?.query.get('contentType')).toBe('image');
    await user.click(within(card).getByRole('button', { name: 'Choose' }));
    expect(valueOf()).toEqual({ provider: 'cloudinary', referenceId: item.id, mediaType: 'image', width: 2400, height: 1600 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add media' })).not.toBeInTheDocument());
    expect(await within(field()).findByRole('img', { name: 'Image preview' })).toHaveAttribute('src', `/media/image/upload/w_600,f_auto,q_auto/${item.id}`);
  });

  it('brings an archive image’s credit, title and description into the asset’s empty inputs and describes it like an upload', async () => {
    const item = buildArchiveItem({
      id: '7c1f3a52-0001-4b8e-9a10-5d0a1e000002',
      attributes: { title: 'Alpine sunrise', description: 'First light on the ridge.', photographerCreditOption: 'Jo Lens / Content Pool', width: 2400, height: 1600 },
    });
    const siblings: InputDefinition[] = [
      ...DESCRIBED,
      { name: 'credits', type: 'text', view: { label: 'Credits' } },
      { name: 'alt-text', type: 'text', view: { label: 'Alt text' } },
      { name: 'caption', type: 'text', view: { label: 'Caption' } },
    ];
    const { user, api, field, store } = renderImageField(image, {
      siblings,
      values: { caption: 'The editor’s caption' },
      handlers: { 'GET /api/v1/sparkle/assets': { status: 200, body: buildArchivePage([item]) }, 'POST /api/v1/image-descriptor': { status: 200, body: DESCRIPTION } },
    });
    await user.click(within(field()).getByRole('button', { name: 'Add media' }));
    const card = await within(await screen.findByRole('dialog', { name: 'Add media' })).findByRole('article', { name: 'Alpine sunrise' });
    await user.click(within(card).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(store.getState().values.title).toBe('Cliff diver above the old bridge'));
    const { values } = store.getState();
    expect([values.credits, values['alt-text'], values.caption]).toEqual(['Jo Lens / Content Pool', 'Alpine sunrise', 'The editor’s caption']);
    expect(api.requests.find((request) => request.path === '/api/v1/image-descriptor')?.body).toEqual({ assetId: 'img-1', langCode: 'en', referenceId: item.id });
    expect(store.getState().aiReview.generatedProperties).toEqual(['title', 'teaser', 'seo-filename']);
  });

  it('falls back to the thumbnail proxy when the image delivery cannot show the image (spec 000 §7)', async () => {
    const { field } = renderImageField(image, { values: { image: STORED }, config: { imageDeliveryBaseUrl: 'https://res.cloudinary.com/acme' } });
    const preview = within(field()).getByRole('img', { name: 'Image preview' });
    fireEvent.error(preview);
    await waitFor(() => expect(within(field()).getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', '/media/thumbnail/cloudinary/cliff-7?w=600'));
  });

  it('offers no Add media when read-only', () => {
    const { field } = renderImageField(image, { isReadonly: true });
    expect(within(field()).queryByRole('button', { name: 'Add media' })).not.toBeInTheDocument();
  });
});

describe('image uploads only where the user may create content (spec 000 §6, 002 §6)', () => {
  // As the demo accounts hold them; the asset is in rbcom and global, and uploads go to rbcom.
  const TRANSLATOR: Rights = { roles: ['translator'], spaces: ['rbcom'], localizations: ['de', 'fr', 'es'] };
  const EDITOR: Rights = { roles: ['content-editor', 'translator'], spaces: ['rbcom', 'global'], localizations: ['en', 'de'] };
  const TV_EDITOR: Rights = { roles: ['content-editor', 'rbtv-content-creator'], spaces: ['rbtv'], localizations: ['en', 'de'] };

  it('offers a translator no upload: no drop zone, no Add and no Change, while Add media, Crop and Remove stay', () => {
    const empty = renderImageField(image, { rights: TRANSLATOR });
    expect(within(empty.field()).queryByLabelText('Drop an image for Image')).not.toBeInTheDocument();
    expect(within(empty.field()).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(empty.field()).getByRole('button', { name: 'Add media' })).toBeVisible();
    expect(empty.container.querySelector('input[type="file"]')).toBeNull();
    empty.unmount();

    const filled = renderImageField(image, { rights: TRANSLATOR, values: { image: STORED } });
    expect(within(filled.field()).queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
    for (const name of ['Crop', 'Remove']) expect(within(filled.field()).getByRole('button', { name })).toBeVisible();
    expect(filled.container.querySelector('input[type="file"]')).toBeNull();
  });

  it('offers an editor the upload into the asset’s space: the drop zone with Add, and Change once there is an image', async () => {
    const empty = renderImageField(image, { rights: EDITOR });
    expect(within(empty.field()).getByLabelText('Drop an image for Image')).toBeVisible();
    expect(within(empty.field()).getByRole('button', { name: 'Add' })).toBeVisible();
    expect(within(empty.field()).getByRole('button', { name: 'Add media' })).toBeVisible();
    await empty.user.upload(empty.fileInput(), pngFile());
    await waitFor(() => expect(empty.service.uploads).toHaveLength(1));
    expect(empty.api.requests.find((request) => request.path === '/api/v1/cloudinary-signature')?.body).toMatchObject({ space: 'rbcom' });
    empty.unmount();

    const filled = renderImageField(image, { rights: EDITOR, values: { image: STORED } });
    expect(within(filled.field()).getByRole('button', { name: 'Change' })).toBeVisible();
  });

  it('offers no upload to a creator in an asset of a space they do not create in', () => {
    const { field } = renderImageField(image, { rights: TV_EDITOR });
    expect(within(field()).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(field()).getByRole('button', { name: 'Add media' })).toBeVisible();
  });
});
