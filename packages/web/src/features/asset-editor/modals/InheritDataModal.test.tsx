import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InputDefinition, StencilDefinition } from '@editor/domain';
import { editorWrapper, installCatalogue } from '../../../inputs/asset-reference/referenceTestKit.tsx';
import { buildListItem } from '../../../test/assetFixtures.ts';
import { buildAssetVersion } from '../../../test/assetVersionFixture.ts';
import { renderField } from '../../../test/renderField.tsx';
import { InheritDataAdornments } from './InheritDataAdornment.tsx';

const input = (name: string, type: InputDefinition['type'] = 'text'): InputDefinition => ({ name, type, view: { label: name === 'bg-hex-color-code' ? 'Background colour' : name[0]!.toUpperCase() + name.slice(1) } });
const energyDrink: InputDefinition = { name: 'energy-drink', type: 'asset', constraints: { stencils: ['energy-drink'] }, view: { label: 'Energy drink' } };
const campaignInputs = [input('title'), input('subheading'), input('bg-hex-color-code'), input('packshot', 'image'), input('key-visual', 'image')];
const campaign = { inputs: [energyDrink, ...campaignInputs] } as unknown as StencilDefinition;

const image = (referenceId: string) => ({ provider: 'cloudinary', referenceId });
const DRINK = buildListItem({ id: 'ed1', title: 'Summer Edition', stencil: 'energy-drink', stencilLabel: 'Energy Drink' });
const DRINK_VERSION = buildAssetVersion({
  id: 'ed1',
  stencil: 'energy-drink',
  content: {
    title: { name: 'title', type: 'text', value: 'Summer Edition' },
    'local-brand-name': { name: 'local-brand-name', type: 'text', value: 'The Summer Edition' },
    teaser: { name: 'teaser', type: 'text', value: 'Tastes like summer' },
    'branding-hex-color': { name: 'branding-hex-color', type: 'text', value: '#1E2A5A' },
    'featured-media': { name: 'featured-media', type: 'image', value: image('can') },
  },
});
const MODAL_WAIT = { timeout: 10_000 };

function renderCampaign(values: Record<string, unknown> = {}, options: { isReadonly?: boolean } = {}) {
  const api = installCatalogue([DRINK, buildListItem({ id: 's1', title: 'A story' })], { 'GET /api/v1/assets/ed1/localizations/en': { status: 200, body: DRINK_VERSION } });
  const wrap = editorWrapper();
  const view = renderField(energyDrink, values, {
    siblings: campaignInputs,
    isReadonly: options.isReadonly,
    wrapper: (children) => wrap(<InheritDataAdornments stencil={campaign}>{children}</InheritDataAdornments>),
  });
  return { ...view, api };
}

describe('Inherit data (spec 002 §2, mapping §3)', () => {
  it('copies the mapped fields of the chosen energy drink into the asset as unsaved changes', { timeout: 30_000 }, async () => {
    const { user, store, api } = renderCampaign({ title: 'Old title', 'key-visual': image('kept') });
    await user.click(await screen.findByRole('button', { name: 'Inherit data' }));

    const browse = await screen.findByRole('dialog', { name: 'Browse assets' }, MODAL_WAIT);
    const card = await within(browse).findByRole('article', { name: 'Summer Edition' }, MODAL_WAIT);
    expect(within(browse).queryByRole('article', { name: 'A story' })).not.toBeInTheDocument();
    expect(api.searches().at(-1)?.query.get('stencil')).toBe('energy-drink');
    await user.click(within(card).getByRole('button', { name: 'Summer Edition' }));
    await user.click(within(browse).getByRole('button', { name: 'Add' }));

    const confirm = await screen.findByRole('dialog', { name: 'Inherit data' }, MODAL_WAIT);
    const fields = within(confirm).getByRole('list', { name: 'Inherited fields' });
    expect(within(fields).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Background colour', 'Packshot', 'Subheading', 'Title']);
    await user.click(within(confirm).getByRole('button', { name: 'Inherit data' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Inherit data' })).not.toBeInTheDocument());
    const { values, changedInputs } = store.getState();
    expect(values).toMatchObject({
      title: 'The Summer Edition | Summer Edition',
      subheading: 'Tastes like summer',
      'bg-hex-color-code': '#1E2A5A',
      packshot: image('can'),
      // The drink has no key visual: the asset keeps its own.
      'key-visual': image('kept'),
    });
    expect([...changedInputs].toSorted()).toEqual(['bg-hex-color-code', 'packshot', 'subheading', 'title']);
  });

  it('changes nothing when cancelled', { timeout: 30_000 }, async () => {
    const { user, store } = renderCampaign();
    await user.click(await screen.findByRole('button', { name: 'Inherit data' }));
    const browse = await screen.findByRole('dialog', { name: 'Browse assets' }, MODAL_WAIT);
    await user.click(within(browse).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Browse assets' })).not.toBeInTheDocument());
    expect(store.getState().changedInputs.size).toBe(0);
  });

  it('is not offered on a read-only asset', async () => {
    renderCampaign({}, { isReadonly: true });
    expect(await screen.findByRole('group', { name: 'Energy drink' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inherit data' })).not.toBeInTheDocument();
  });
});
