import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetVersion, StencilSummary } from '@editor/domain';
import { buildListItem, buildListResponse } from '../../test/assetFixtures.ts';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { buildUploadResponse, TEST_SIGNATURE } from '../../parts/image-upload/uploadTestKit.ts';
import { buildArchiveItem, buildArchivePage } from '../../parts/media-archive/archiveItemFixture.ts';
import { installAnsweringImageService } from '../uploads/answeringImageService.ts';
import { GALLERY_FAILED_MESSAGE } from './GalleryWizardModal.tsx';

const STENCILS: StencilSummary[] = [
  { name: 'story', label: 'Story', icon: 'article', group: 'Editorial', previewable: true },
  { name: 'image-gallery', label: 'Image Gallery', icon: 'library-photo', group: 'Images', previewable: true },
];

function imageVersion(id: string): AssetVersion {
  return buildAssetVersion({ id, stencil: 'image', content: {}, localizations: [{ localization: 'en', status: 'draft' }], meta: { status: 'draft', version: 1 } });
}

const png = (name: string) => new File(['png bytes'], name, { type: 'image/png' });

function setUp(input: { gallery?: () => FakeResponse; archive?: FakeResponse } = {}) {
  let created = 0;
  const api = installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser({ roles: ['content-editor'], spaces: ['rbcom', 'rbtv', 'global'] }) },
    'GET /api/v1/assets': (request) =>
      request.query.get('stencil') === 'image'
        ? { status: 200, body: buildListResponse({ items: [buildListItem({ id: 'img-old', title: 'Old wave', stencil: 'image' })] }) }
        : { status: 200, body: buildListResponse() },
    'GET /api/v1/stencils': { status: 200, body: STENCILS },
    'GET /api/v1/sparkle/assets': input.archive ?? {
      status: 200,
      body: buildArchivePage([
        buildArchiveItem({ id: 'MI-1', attributes: { title: 'Bridge jump', assetId: null } }),
        buildArchiveItem({ id: 'MI-2', attributes: { title: 'Used jump', assetId: null }, relationships: { usedIn: { data: [{ id: 'a-9', localization: 'en' }] } } }),
        buildArchiveItem({ id: 'MI-3', attributes: { title: 'Imaged jump', assetId: 'img-old' } }),
      ]),
    },
    'POST /api/v1/suggestions/tags/disciplines': { status: 200, body: [{ uuid: 'd-cliff', title: 'Cliff Diving', localization: 'en' }] },
    'POST /api/v1/cloudinary-signature': { status: 200, body: TEST_SIGNATURE },
    'POST /api/v1/assets/-/localizations/en': (request) => {
      if (request.query.get('container.stencil') === 'image-gallery') return input.gallery?.() ?? { status: 201, body: { id: 'gal-1', localization: 'en', stencil: 'image-gallery' } };
      created += 1;
      return { status: 201, body: imageVersion(`img-${created}`) };
    },
  });
  for (const n of [1, 2, 3]) api.answer(`PUT /api/v1/assets/img-${n}/localizations/en`, { status: 200, body: imageVersion(`img-${n}`) });
  installAnsweringImageService((form) => ({ status: 200, body: buildUploadResponse({ public_id: `up-${(form.get('file') as File).name}` }) }));
  return api;
}

async function openWizard() {
  const view = await renderApp({ path: '/all-content', signedInAs: 'editor' });
  await view.user.click(await screen.findByRole('button', { name: 'Create Content' }));
  const picker = await screen.findByRole('dialog', { name: 'Create Content' });
  await view.user.click(await within(picker).findByRole('button', { name: 'Image Gallery' }));
  await screen.findByRole('textbox', { name: /Gallery title/ });
  return view;
}

const dialog = () => screen.getByRole('dialog');
const button = (name: string) => within(dialog()).getByRole('button', { name });
const creates = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/assets/-/localizations/en').map((request) => request.query.get('container.stencil'));

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: (file: File) => `blob:test/${file.name}` });
});
afterEach(() => vi.restoreAllMocks());

describe('the image gallery wizard (spec 001 §2.6)', { timeout: 30_000 }, () => {
  it('creates a gallery from local uploads: title and files, questionnaire, overview, ordering, then the editor', async () => {
    const api = setUp();
    const view = await openWizard();
    expect(screen.getByRole('dialog', { name: 'Create Content' })).toBeInTheDocument();
    expect(button('Continue')).toBeDisabled();
    await view.user.type(screen.getByRole('textbox', { name: /Gallery title/ }), 'Mostar day');
    expect(button('Continue')).toBeDisabled();
    await view.user.click(screen.getByRole('radio', { name: 'Local uploads' }));
    expect(within(dialog()).getByText('Step 1 of 5')).toBeInTheDocument();
    expect(button('Continue')).toBeDisabled();
    await view.user.upload(screen.getByLabelText('Choose file(s)'), [png('first-jump.png'), png('second-jump.png')]);
    await view.user.click(button('Continue'));

    // Questionnaire: the toggled credits must be filled.
    expect(await screen.findByRole('dialog', { name: 'Create Image Gallery' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Step 2 of 5')).toBeInTheDocument();
    expect(within(dialog()).getByText('40%')).toBeInTheDocument();
    await view.user.click(screen.getByRole('switch', { name: 'Apply credits to all images' }));
    expect(button('Continue')).toBeDisabled();
    await view.user.type(screen.getByRole('textbox', { name: /Credits/ }), 'Jane Doe');
    expect(button('Continue')).toBeEnabled();
    await view.user.click(button('Continue'));

    // Overview: the texts come from the file names; a cleared title shows Missing Info and blocks Continue.
    const first = await screen.findByRole('listitem', { name: 'first jump' });
    expect(within(first).getByRole('textbox', { name: /SEO filename/ })).toHaveValue('first-jump');
    expect(within(first).getByRole('textbox', { name: /Credits/ })).toHaveValue('Jane Doe');
    expect(within(dialog()).queryByText('Missing Info')).not.toBeInTheDocument();
    await view.user.clear(within(first).getByRole('textbox', { name: /Title/ }));
    expect(within(dialog()).getByText('Missing Info')).toBeInTheDocument();
    expect(button('Continue')).toBeDisabled();
    await view.user.type(within(dialog()).getAllByRole('textbox', { name: /Title/ })[0] as HTMLElement, 'First');
    expect(button('Continue')).toBeEnabled();

    // Tagging: a suggested discipline is added to the gallery.
    await view.user.click(screen.getByRole('tab', { name: 'Tagging' }));
    await view.user.click(await screen.findByRole('button', { name: 'Add Cliff Diving' }));
    expect(await screen.findByRole('button', { name: 'Remove Cliff Diving' })).toBeInTheDocument();
    await view.user.click(button('Continue'));

    expect(await screen.findByRole('dialog', { name: 'Sort Image Gallery' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Thumbnail rail')).getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual(['First', 'second jump']);
    expect(button('Continue')).toBeEnabled();
    await view.user.click(button('Continue'));

    expect(await screen.findByText('Image Gallery has been created.')).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.pathname).toContain('gal-1'));
    expect(creates(api.requests)).toEqual(['image', 'image', 'image-gallery']);
    const gallery = api.requests.filter((request) => request.query.get('container.stencil') === 'image-gallery')[0];
    expect(gallery?.body).toEqual({
      content: {
        title: { value: 'Mostar day' },
        images: { value: [{ id: 'img-1', stencil: 'image' }, { id: 'img-2', stencil: 'image' }] },
        disciplines: { value: [{ id: 'd-cliff', stencil: 'discipline' }] },
      },
    });
  });

  it('asks for the geolocation in the questionnaire, keeps it in the Tagging tab, and gives it to the new images and the gallery', async () => {
    const api = setUp();
    const view = await openWizard();
    await view.user.type(screen.getByRole('textbox', { name: /Gallery title/ }), 'Mostar day');
    await view.user.click(screen.getByRole('radio', { name: 'Local uploads' }));
    await view.user.upload(screen.getByLabelText('Choose file(s)'), [png('one.png'), png('two.png')]);
    await view.user.click(button('Continue'));

    const questionnaire = await screen.findByRole('dialog', { name: 'Create Image Gallery' });
    expect(within(questionnaire).getByText('Geolocation')).toBeInTheDocument();
    expect(within(questionnaire).getByRole('combobox', { name: 'Search a place' })).toBeInTheDocument();
    await view.user.type(within(questionnaire).getByRole('textbox', { name: 'Latitude' }), '43.3373');
    await view.user.type(within(questionnaire).getByRole('textbox', { name: 'Longitude' }), '17.815');
    await view.user.click(screen.getByRole('switch', { name: 'Apply credits to all images' }));
    await view.user.type(screen.getByRole('textbox', { name: /Credits/ }), 'Jane Doe');
    await view.user.click(button('Continue'));

    await screen.findByRole('listitem', { name: 'one' });
    await view.user.click(screen.getByRole('tab', { name: 'Tagging' }));
    const tagging = screen.getByRole('tabpanel', { name: 'Tagging' });
    expect(within(tagging).getByRole('textbox', { name: 'Latitude' })).toHaveValue('43.3373');
    await view.user.clear(within(tagging).getByRole('textbox', { name: 'Longitude' }));
    await view.user.type(within(tagging).getByRole('textbox', { name: 'Longitude' }), '17.8');
    await view.user.click(button('Continue'));
    await screen.findByRole('dialog', { name: 'Sort Image Gallery' });
    await view.user.click(button('Continue'));

    expect(await screen.findByText('Image Gallery has been created.')).toBeInTheDocument();
    const point = { latitude: 43.3373, longitude: 17.8 };
    const created = api.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/assets/-/localizations/en');
    expect(created.map((request) => request.query.get('container.stencil'))).toEqual(['image', 'image', 'image-gallery']);
    for (const request of created) expect(request.body).toMatchObject({ content: { geolocation: { value: point } } });
  });

  it('offers Try again when the gallery fails, and resumes without making the images again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let galleryCalls = 0;
    const api = setUp({ gallery: () => (++galleryCalls === 1 ? { status: 503, body: { status: 503, messages: ['down'] } } : { status: 201, body: { id: 'gal-1', localization: 'en' } }) });
    const view = await openWizard();
    await view.user.type(screen.getByRole('textbox', { name: /Gallery title/ }), 'Mostar day');
    await view.user.click(screen.getByRole('radio', { name: 'Local uploads' }));
    await view.user.upload(screen.getByLabelText('Choose file(s)'), [png('one.png')]);
    await view.user.click(button('Continue'));
    await view.user.click(await screen.findByRole('switch', { name: 'Apply credits to all images' }));
    await view.user.type(screen.getByRole('textbox', { name: /Credits/ }), 'Jane');
    await view.user.click(button('Continue'));
    await screen.findByRole('tab', { name: 'Info' });
    await view.user.click(button('Continue'));
    await screen.findByRole('dialog', { name: 'Sort Image Gallery' });
    await view.user.click(button('Continue'));

    expect(await screen.findByText(GALLERY_FAILED_MESSAGE)).toBeInTheDocument();
    expect(button('Cancel')).toBeInTheDocument();
    expect(within(dialog()).getByText('1 of 1 images')).toBeInTheDocument();
    await view.user.click(button('Try again'));
    expect(await screen.findByText('Image Gallery has been created.')).toBeInTheDocument();
    expect(creates(api.requests)).toEqual(['image', 'image-gallery', 'image-gallery']);
  });

  it('media archive: selection needs a pick, used images cannot be picked, no credits are asked; the overview shows No Images added', async () => {
    setUp();
    const view = await openWizard();
    await view.user.type(screen.getByRole('textbox', { name: /Gallery title/ }), 'Jumps');
    await view.user.click(screen.getByRole('radio', { name: 'Media archive' }));
    await view.user.click(button('Continue'));
    const bridge = await screen.findByRole('checkbox', { name: 'Bridge jump' });
    expect(screen.getByRole('checkbox', { name: 'Used jump' })).toBeDisabled();
    // An archive image an asset already uses (its assetId) cannot be picked either, and the card says why.
    const imaged = screen.getByRole('checkbox', { name: 'Imaged jump' });
    expect(imaged).toBeDisabled();
    expect(imaged).toHaveAccessibleDescription('Already used in another asset');
    expect(within(dialog()).getAllByText('Already used in another asset')).toHaveLength(2);
    expect(bridge).not.toHaveAccessibleDescription();
    expect(button('Continue')).toBeDisabled();
    await view.user.click(bridge);
    await view.user.click(button('Continue'));
    expect(await screen.findByRole('group', { name: 'Disciplines' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Apply credits to all images' })).not.toBeInTheDocument();
    await view.user.click(button('Continue'));
    await view.user.click(await screen.findByRole('button', { name: 'Remove Bridge jump' }));
    expect(within(dialog()).getByText('No Images added')).toBeInTheDocument();
    expect(button('Continue')).toBeDisabled();
    await view.user.click(button('Back'));
    expect(await screen.findByRole('dialog', { name: 'Create Content' })).toBeInTheDocument();
  });

  it('media archive: an empty search shows No results found.', async () => {
    setUp({ archive: { status: 200, body: buildArchivePage([]) } });
    const view = await openWizard();
    await view.user.type(screen.getByRole('textbox', { name: /Gallery title/ }), 'Jumps');
    await view.user.click(screen.getByRole('radio', { name: 'Media archive' }));
    await view.user.click(button('Continue'));
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
  });

  it('image assets: chosen assets go straight to ordering, and Back returns to the selection', async () => {
    const api = setUp();
    const view = await openWizard();
    await view.user.type(screen.getByRole('textbox', { name: /Gallery title/ }), 'Old waves');
    await view.user.click(screen.getByRole('radio', { name: 'Image assets' }));
    await view.user.click(button('Continue'));
    const old = await screen.findByRole('checkbox', { name: 'Old wave' });
    expect(button('Continue')).toBeDisabled();
    await view.user.click(old);
    await view.user.click(button('Continue'));
    expect(await screen.findByRole('dialog', { name: 'Sort Image Gallery' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Step 3 of 4')).toBeInTheDocument();
    await view.user.click(button('Back'));
    expect(await screen.findByRole('textbox', { name: 'Search image assets' })).toBeInTheDocument();
    expect(creates(api.requests)).toEqual([]);
  });
});
