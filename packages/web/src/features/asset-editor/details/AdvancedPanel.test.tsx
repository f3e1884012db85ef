import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssetVersion } from '@editor/domain';
import { buildAssetVersion } from '../../../test/assetVersionFixture.ts';
import { buildUser } from '../../../test/fixtures.ts';
import type { FakeResponse } from '../../../test/fakeApi.ts';
import { AdvancedPanel } from './AdvancedPanel.tsx';
import { renderDetailsPanel } from '../../../test/renderDetailsPanel.tsx';

const SPACES = 'PUT /api/v1/assets/a1/spaces';
const EMBARGO = 'POST /api/v1/assets/a1/embargo';

/** A user who holds rbcom, global and illume; the installation also knows rbtv and wrc (buildConfig). */
const manager = buildUser({ roles: ['content-manager', 'taxonomy-manager', 'all-localizations', 'embargo-date-manager'], spaces: ['rbcom', 'global', 'illume'] });

async function renderAdvanced(asset: AssetVersion, api: Record<string, FakeResponse> = {}) {
  const onSaved = vi.fn<() => Promise<void>>(() => Promise.resolve());
  const view = await renderDetailsPanel(
    <AdvancedPanel asset={asset} onSaved={onSaved}>
      <p>Advanced area inputs</p>
    </AdvancedPanel>,
    { user: manager, api },
  );
  await screen.findByText('Advanced area inputs');
  return { ...view, onSaved };
}

const withSpacesRight = (spaces = ['rbcom']) => buildAssetVersion({ spaces, linkMethods: { 'p:changeSpaces': ['PUT'] } });
const withEmbargoRight = (embargo: { startDate: string | null; endDate: string | null } = { startDate: '2026-05-01T10:00:00.000Z', endDate: '2026-06-01T10:00:00.000Z' }) =>
  buildAssetVersion({ embargo, linkMethods: { 'p:setEmbargoDate': ['POST'] } });

const spacesGroup = () => screen.getByRole('group', { name: 'Spaces' });
const embargoGroup = () => screen.getByRole('group', { name: 'Embargo' });

describe('the Advanced tab (spec 002 §2, §6)', () => {
  it('shows the advanced area inputs first, and each editor only with its link method', async () => {
    await renderAdvanced(buildAssetVersion());
    expect(screen.queryByRole('group', { name: 'Spaces' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Embargo' })).not.toBeInTheDocument();
  });

  it('shows the spaces editor when the change-spaces link allows PUT', async () => {
    await renderAdvanced(withSpacesRight());
    await waitFor(() => expect(spacesGroup()).toBeVisible());
    expect(screen.queryByRole('group', { name: 'Embargo' })).not.toBeInTheDocument();
  });

  it('shows the embargo editor when the set-embargo link allows POST', async () => {
    await renderAdvanced(withEmbargoRight());
    expect(embargoGroup()).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Spaces' })).not.toBeInTheDocument();
    expect(screen.getByText('Advanced area inputs').compareDocumentPosition(embargoGroup()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('the spaces editor (spec 002 §5 Spaces)', () => {
  it('says that saving needs a publish to apply, and disables the spaces the user does not hold', async () => {
    const { user } = await renderAdvanced(withSpacesRight());
    const group = await waitFor(spacesGroup);
    expect(within(group).getByText('Saving needs the asset to be published to apply.')).toBeVisible();
    await user.click(within(group).getByRole('combobox', { name: 'Content spaces' }));
    const options = await screen.findAllByRole('option');
    const state = Object.fromEntries(options.map((option) => [option.textContent, option.getAttribute('aria-disabled') === 'true' || option.hasAttribute('data-combobox-disabled')]));
    expect(state).toEqual({ rbcom: false, rbtv: true, global: false, illume: false, wrc: true });
  });

  it('saves a changed selection with PUT and tells the page', async () => {
    const { user, api, onSaved } = await renderAdvanced(withSpacesRight(), { [SPACES]: { status: 200, body: { spaces: ['global', 'rbcom'] } } });
    const group = await waitFor(spacesGroup);
    const save = within(group).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(within(group).getByRole('combobox', { name: 'Content spaces' }));
    await user.click(await screen.findByRole('option', { name: 'global' }));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ spaces: ['rbcom', 'global'] });
  });

  it('needs at least one space and a change to save', async () => {
    const { user } = await renderAdvanced(withSpacesRight(['rbcom', 'global']));
    const group = await waitFor(spacesGroup);
    const save = within(group).getByRole('button', { name: 'Save' });
    const input = within(group).getByRole('combobox', { name: 'Content spaces' });
    await user.click(input);
    await user.keyboard('{Backspace}');
    expect(save).toBeEnabled();
    await user.keyboard('{Backspace}');
    expect(save).toBeDisabled();
    await user.click(await screen.findByRole('option', { name: 'global' }));
    await user.click(screen.getByRole('option', { name: 'rbcom' }));
    // The same spaces in another order are no change.
    expect(save).toBeDisabled();
  });

  it('shows the first server message upper-cased under the field when saving fails', async () => {
    const { user, onSaved } = await renderAdvanced(withSpacesRight(), { [SPACES]: { status: 400, body: { status: 400, messages: ['A Story cannot live in illume.', 'second'] } } });
    const group = await waitFor(spacesGroup);
    await user.click(within(group).getByRole('combobox', { name: 'Content spaces' }));
    await user.click(await screen.findByRole('option', { name: 'illume' }));
    await user.click(within(group).getByRole('button', { name: 'Save' }));
    expect(await within(group).findByText('A STORY CANNOT LIVE IN ILLUME.')).toBeVisible();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

/** Picks a day (and optionally an hour) in a date-time picker and confirms it. */
async function pick(user: Awaited<ReturnType<typeof renderAdvanced>>['user'], label: string, day: string, hours?: string) {
  await user.click(within(embargoGroup()).getByRole('button', { name: label }));
  await user.click(await screen.findByRole('button', { name: day }));
  if (hours !== undefined) {
    const input = screen.getByRole('spinbutton', { name: `${label} hours` });
    await user.clear(input);
    await user.type(input, hours);
  }
  await user.click(screen.getByRole('button', { name: `Set ${label}` }));
}

describe('the embargo editor (spec 002 §5 Embargo)', () => {
  it('shows the dates in UTC in the embargo format, with Save off until a date changes', async () => {
    await renderAdvanced(withEmbargoRight());
    expect(within(embargoGroup()).getByRole('button', { name: 'Embargo start (UTC)' })).toHaveTextContent('Friday, May 1st 2026, 10:00:00');
    expect(within(embargoGroup()).getByRole('button', { name: 'Embargo end (UTC)' })).toHaveTextContent('Monday, June 1st 2026, 10:00:00');
    expect(within(embargoGroup()).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves both dates together in UTC ISO with POST and tells the page', async () => {
    const { user, api, onSaved } = await renderAdvanced(withEmbargoRight(), { [EMBARGO]: { status: 200, body: {} } });
    await pick(user, 'Embargo end (UTC)', '15 June 2026', '14');
    const save = within(embargoGroup()).getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ startDate: '2026-05-01T10:00:00.000Z', endDate: '2026-06-15T14:00:00.000Z' });
  });

  const inMay = { startDate: '2026-05-20T10:00:00.000Z', endDate: '2026-05-25T10:00:00.000Z' };

  it('refuses a start that is not before the end', async () => {
    const { user } = await renderAdvanced(withEmbargoRight(inMay));
    await pick(user, 'Embargo start (UTC)', '27 May 2026');
    expect(within(embargoGroup()).getByText('EMBARGO DATES ARE INVALID')).toBeVisible();
    expect(within(embargoGroup()).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('counts an equal start and end as invalid', async () => {
    const { user } = await renderAdvanced(withEmbargoRight(inMay));
    await pick(user, 'Embargo start (UTC)', '25 May 2026');
    expect(within(embargoGroup()).getByText('EMBARGO DATES ARE INVALID')).toBeVisible();
  });

  it('saves a cleared date as null', async () => {
    const { user, api } = await renderAdvanced(withEmbargoRight(), { [EMBARGO]: { status: 200, body: {} } });
    await user.click(within(embargoGroup()).getByRole('button', { name: 'Clear Embargo end (UTC)' }));
    await user.click(within(embargoGroup()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ startDate: '2026-05-01T10:00:00.000Z', endDate: null }));
  });

  it('shows the first server message upper-cased under the fields when saving fails', async () => {
    const { user, onSaved } = await renderAdvanced(withEmbargoRight(), { [EMBARGO]: { status: 403, body: { status: 403, messages: ['Setting embargo dates needs the embargo-date-manager role.'] } } });
    await pick(user, 'Embargo end (UTC)', '20 June 2026');
    await user.click(within(embargoGroup()).getByRole('button', { name: 'Save' }));
    expect(await within(embargoGroup()).findByText('SETTING EMBARGO DATES NEEDS THE EMBARGO-DATE-MANAGER ROLE.')).toBeVisible();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
