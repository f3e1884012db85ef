import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_OVERRIDE_HEADER, type UserResponse } from '@editor/domain';
import { installFakeApi, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser, technicalAdmin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { LazyProfileModal } from './LazyProfileModal.tsx';

async function openProfile(user: UserResponse) {
  const api = installFakeApi({
    'GET /api/v1/user': { status: 200, body: user },
    'PUT /api/v1/user/settings': (request: RecordedRequest) => ({ status: 200, body: request.body }),
  });
  const view = await renderApp({ path: '/all-content', signedInAs: user.id });
  await view.user.click(await screen.findByRole('button', { name: `User menu of ${user.name}` }));
  await view.user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'My Profile' });
  return { ...view, api, dialog };
}

// The form loads when the user menu opens; loaded ahead, it is there as soon as the dialog is.
beforeAll(() => LazyProfileModal.preload());

const putRequests = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'PUT');

describe('the profile modal (spec 001 §2.9)', () => {
  it('greets the user and lists their roles, spaces and localisations', async () => {
    const { dialog } = await openProfile(buildUser());
    expect(within(dialog).getByText('Hello Emma Editor')).toBeVisible();
    expect(within(dialog).getByRole('list', { name: 'Your roles' })).toHaveTextContent('content-editortranslator');
    expect(within(dialog).getByRole('list', { name: 'Your spaces' })).toHaveTextContent('rbcomglobal');
    expect(within(dialog).getByRole('list', { name: 'Your localisations' })).toHaveTextContent('endefr');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeVisible();
  });

  it('starts from the values the app uses when nothing was chosen yet', async () => {
    const { dialog } = await openProfile(buildUser());
    expect(within(dialog).getByRole('combobox', { name: 'Preferred localisation' })).toHaveValue('en');
    expect(within(dialog).getByRole('combobox', { name: 'Default space' })).toHaveValue('rbcom');
    expect(within(dialog).getByRole('switch', { name: 'Auto space filter' })).toBeChecked();
  });

  it('turns the auto space filter off and disables it once a default filter is chosen (spec 001 §4)', async () => {
    const { dialog, user } = await openProfile(buildUser({ filters: [{ id: 'f1', filters: { stencil: 'story', space: 'rbcom' } }] }));
    const autoFilter = within(dialog).getByRole('switch', { name: 'Auto space filter' });
    expect(autoFilter).toBeEnabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Default filter' }));
    await user.click(await screen.findByRole('option', { name: 'story, rbcom' }));
    expect(autoFilter).toBeDisabled();
    expect(autoFilter).not.toBeChecked();
  });

  it('warns when the preferred locale or default space lies outside the rights (spec 001 §5)', async () => {
    const { dialog } = await openProfile(buildUser({ settings: { preferredLocalization: 'ja', defaultSpace: 'wrc' } }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'You selected a locale/space (ja, wrc) that does not match with your user rights. Please choose a different one instead.',
    );
  });

  it('offers no custom role configuration to anybody but technical admins', async () => {
    const { dialog } = await openProfile(buildUser());
    expect(within(dialog).queryByRole('switch', { name: 'Custom role configuration' })).not.toBeInTheDocument();
  });

  it('lets a technical admin configure roles, spaces and localisations, starting from their own', async () => {
    const { dialog, user } = await openProfile(technicalAdmin());
    const toggle = within(dialog).getByRole('switch', { name: 'Custom role configuration' });
    expect(toggle).not.toBeChecked();
    expect(within(dialog).queryByRole('combobox', { name: 'Roles' })).not.toBeInTheDocument();
    await user.click(toggle);
    const spaces = within(dialog).getByRole('combobox', { name: 'Spaces' }).closest('.mantine-MultiSelect-root');
    expect(spaces).toHaveTextContent('rbcomrbtvglobalillumewrc');
    expect(within(dialog).getByRole('combobox', { name: 'Roles' }).closest('.mantine-MultiSelect-root')).toHaveTextContent('technical-admin-user');
    expect(within(dialog).getByRole('combobox', { name: 'Localisations' })).toBeVisible();
  });

  it('saves the settings on Confirm with a PUT to the settings link', async () => {
    const { dialog, user, api } = await openProfile(buildUser());
    await user.click(within(dialog).getByRole('combobox', { name: 'Preferred localisation' }));
    await user.click(await screen.findByRole('option', { name: 'de' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(putRequests(api.requests)).toHaveLength(1));
    const [put] = putRequests(api.requests);
    expect(put?.path).toBe('/api/v1/user/settings');
    expect(put?.body).toEqual({ preferredLocalization: 'de', defaultSpace: 'rbcom', defaultFilter: null, useAutoFilter: true });
    expect(put?.headers.has(ROLE_OVERRIDE_HEADER)).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'My Profile' })).not.toBeInTheDocument();
  });

  it('turns the override on with the chosen rights, which the settings call already carries', async () => {
    const { dialog, user, api } = await openProfile(technicalAdmin());
    await user.click(within(dialog).getByRole('switch', { name: 'Custom role configuration' }));
    const roles = within(dialog).getByRole('combobox', { name: 'Roles' });
    await user.click(roles);
    await user.click(await screen.findByRole('option', { name: 'translator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(putRequests(api.requests)).toHaveLength(1));
    const sent = JSON.parse(putRequests(api.requests)[0]?.headers.get(ROLE_OVERRIDE_HEADER) ?? 'null') as { roles: string[] };
    expect(sent.roles).toEqual(['admin', 'technical-admin-user', 'content-manager', 'translator']);
    expect(await screen.findByRole('button', { name: 'Reset roles' })).toBeVisible();
  });

  it('restores the settings and shows the server message when saving fails', async () => {
    const { dialog, user, api } = await openProfile(buildUser({ settings: { preferredLocalization: 'fr' } }));
    api.answer('PUT /api/v1/user/settings', {
      status: 400,
      body: { status: 400, messages: ['preferredLocalization: "de" is not one of your localisations.'], code: 'bad-request' },
    });
    await user.click(within(dialog).getByRole('combobox', { name: 'Preferred localisation' }));
    await user.click(await screen.findByRole('option', { name: 'de' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('preferredLocalization: "de" is not one of your localisations.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'User menu of Emma Editor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    const reopened = await screen.findByRole('dialog', { name: 'My Profile' });
    expect(within(reopened).getByRole('combobox', { name: 'Preferred localisation' })).toHaveValue('fr');
  });

  it('changes nothing on Cancel', async () => {
    const { dialog, user, api } = await openProfile(buildUser());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'My Profile' })).not.toBeInTheDocument());
    expect(putRequests(api.requests)).toHaveLength(0);
  });
});
