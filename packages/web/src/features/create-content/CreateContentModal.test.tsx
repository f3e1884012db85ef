import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppConfig, StencilSummary, UserResponse } from '@editor/domain';
import { buildListResponse } from '../../test/assetFixtures.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { groupStencils } from './stencilGroups.ts';

const STENCILS: StencilSummary[] = [
  { name: 'story', label: 'Story', icon: 'article', group: 'Editorial', previewable: true },
  { name: 'occasion-campaign', label: 'Occasion Campaign', icon: 'confetti', group: 'Editorial', previewable: false },
  { name: 'image', label: 'Image', icon: 'photo', group: 'Images', previewable: false },
  { name: 'image-gallery', label: 'Image Gallery', icon: 'library-photo', group: 'Images', previewable: true },
  { name: 'video', label: 'Video', icon: 'video', group: 'Moving images', previewable: true },
  { name: 'event-profile', label: 'Event Profile', icon: 'calendar-event', group: 'Events & Projects', previewable: true },
];

type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

async function openCreateModal(input: { user?: UserResponse; create?: Handler; config?: Partial<AppConfig> } = {}) {
  const api = installFakeApi({
    'GET /api/v1/user': { status: 200, body: input.user ?? buildUser({ roles: ['content-editor'], spaces: ['rbcom', 'rbtv', 'global'] }) },
    'GET /api/v1/assets': { status: 200, body: buildListResponse() },
    'GET /api/v1/stencils': { status: 200, body: STENCILS },
    'POST /api/v1/assets/-/localizations/en': input.create ?? { status: 201, body: { id: 'new-1', localization: 'en', stencil: 'story' } },
  });
  const view = await renderApp({ path: '/all-content', signedInAs: 'editor', ...(input.config ? { config: input.config } : {}) });
  await view.user.click(await screen.findByRole('button', { name: 'Create Content' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
  await within(dialog).findByRole('button', { name: 'Story' });
  return { ...view, api, dialog };
}

const stencilCalls = (requests: RecordedRequest[]) => requests.filter((request) => request.path === '/api/v1/stencils');

describe('the create-content modal (spec 001 §2.4)', () => {
  it("starts from the user's default space and localisation and lists their stencils", async () => {
    const { dialog, api } = await openCreateModal();
    expect(within(dialog).getByRole('combobox', { name: 'Space' })).toHaveValue('rbcom');
    expect(within(dialog).getByRole('combobox', { name: 'Localisation' })).toHaveValue('en');
    expect(Object.fromEntries(stencilCalls(api.requests)[0]?.query ?? [])).toEqual({ space: 'rbcom', localization: 'en' });
  });

  it('offers only the spaces the user may create in (no tv space without rbtv-content-creator)', async () => {
    const { dialog, user } = await openCreateModal();
    await user.click(within(dialog).getByRole('combobox', { name: 'Space' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['rbcom', 'global']);
  });

  it('groups the stencils under their group headings, in the order returned', async () => {
    const { dialog } = await openCreateModal();
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Editorial', 'Images', 'Moving images', 'Events & Projects']);
    const images = within(dialog).getByRole('region', { name: 'Images' });
    expect(within(images).getAllByRole('button').map((button) => button.textContent)).toEqual(['Image', 'Image Gallery']);
  });

  it('filters the list by the search text, ignoring case', async () => {
    const { dialog, user } = await openCreateModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Search asset type' }), 'IMAGE');
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Images']);
    expect(within(dialog).queryByRole('button', { name: 'Story' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const { dialog, user } = await openCreateModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Search asset type' }), 'podcast');
    expect(within(dialog).getByText('No Stencils Found')).toBeVisible();
    expect(within(dialog).getByText('No items match your search. Please try again.')).toBeVisible();
  });

  it('asks for the stencils of another space when the space changes', async () => {
    const { dialog, user, api } = await openCreateModal();
    await user.click(within(dialog).getByRole('combobox', { name: 'Space' }));
    await user.click(await screen.findByRole('option', { name: 'global' }));
    await waitFor(() => expect(Object.fromEntries(stencilCalls(api.requests).at(-1)?.query ?? [])).toEqual({ space: 'global', localization: 'en' }));
  });

  it.each([
    { field: 'space', warning: 'Please select a space' },
    { field: 'localisation', warning: 'Please select a localisation' },
  ])('warns "$warning" when a stencil is picked without a $field', async ({ field, warning }) => {
    const { dialog, user, api } = await openCreateModal();
    await user.click(within(dialog).getByRole('button', { name: `Clear ${field}` }));
    // The list of the last choice stays, so a pick is possible.
    await user.click(within(dialog).getByRole('button', { name: 'Story' }));
    expect(await screen.findByText(warning)).toBeVisible();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('creates the asset and opens it in the editor', async () => {
    const { dialog, user, api, router } = await openCreateModal();
    await user.click(within(dialog).getByRole('button', { name: 'Story' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/new-1/localizations/en/edit'));
    const create = api.requests.find((request) => request.method === 'POST');
    expect(create?.path).toBe('/api/v1/assets/-/localizations/en');
    expect(Object.fromEntries(create?.query ?? [])).toEqual({ space: 'rbcom', 'container.stencil': 'story' });
    expect(create?.body).toEqual({ content: {} });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Content' })).not.toBeInTheDocument());
  });

  it('opens the event flow for an event profile, except in the spaces where it is created directly (spec 001 §4)', async () => {
    const { dialog, user, api } = await openCreateModal();
    await user.click(within(dialog).getByRole('button', { name: 'Event Profile' }));
    expect(await screen.findByRole('dialog', { name: 'Create Event Profile' })).toBeVisible();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('creates an event profile directly in a configured space', async () => {
    const { dialog, user, api, router } = await openCreateModal({ config: { eventProfileSpaces: ['rbcom'] }, create: { status: 201, body: { id: 'ep-1', localization: 'en', stencil: 'event-profile' } } });
    await user.click(within(dialog).getByRole('button', { name: 'Event Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/ep-1/localizations/en/edit'));
    expect(api.requests.find((request) => request.method === 'POST')?.query.get('container.stencil')).toBe('event-profile');
  });

  it('shows the chosen stencil as busy while the asset is created', async () => {
    const { dialog, user } = await openCreateModal({ create: () => new Promise<FakeResponse>(() => undefined) });
    await user.click(within(dialog).getByRole('button', { name: 'Video' }));
    expect(await within(dialog).findByLabelText('Creating Video')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Story' })).toBeDisabled();
  });

  it("warns 'Asset could not be created' when creating fails and stays open", async () => {
    const { dialog, user, router } = await openCreateModal({ create: { status: 403, body: { status: 403, messages: ['Not allowed'] } } });
    await user.click(within(dialog).getByRole('button', { name: 'Story' }));
    expect(await screen.findByText('Asset could not be created')).toBeVisible();
    expect(router.state.location.pathname).toBe('/all-content');
    expect(screen.getByRole('dialog', { name: 'Create Content' })).toBeVisible();
  });
});

describe('grouping stencils', () => {
  it('keeps the order returned and drops empty groups', () => {
    expect(groupStencils(STENCILS, 'o').map((group) => [group.group, group.stencils.map((stencil) => stencil.name)])).toEqual([
      ['Editorial', ['story', 'occasion-campaign']],
      ['Moving images', ['video']],
      ['Events & Projects', ['event-profile']],
    ]);
  });
});
