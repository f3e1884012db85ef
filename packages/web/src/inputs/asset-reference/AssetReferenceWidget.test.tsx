import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { buildListItem } from '../../test/assetFixtures.ts';
import { renderField } from '../../test/renderField.tsx';
import { editorWrapper, idsAskedFor, installCatalogue } from './referenceTestKit.tsx';

const STORY_ITEMS = [
  buildListItem({ id: 's1', title: 'First story', localizations: [{ localization: 'en', status: 'published' }, { localization: 'de', status: 'draft' }] }),
  buildListItem({ id: 's1', localization: 'de', title: 'Erste Geschichte', localizations: [{ localization: 'en', status: 'published' }, { localization: 'de', status: 'draft' }] }),
  buildListItem({ id: 's2', title: 'Second story' }),
  buildListItem({ id: 'v1', title: 'A video', stencil: 'video', stencilLabel: 'Video' }),
  buildListItem({ id: 'p1', title: 'Alpine Outfitters', stencil: 'partner', stencilLabel: 'Partner' }),
];

const items: InputDefinition = {
  name: 'items',
  type: 'asset',
  multiple: true,
  constraints: { stencils: ['story', 'video'] },
  view: { label: 'Items', hint: 'Drag to reorder.' },
};
const mainPartner: InputDefinition = { name: 'main-partner', type: 'asset', constraints: { stencils: ['partner'] }, view: { label: 'Main partner' } };
const trailer: InputDefinition = { name: 'trailer', type: 'asset', constraints: { required: true, stencils: ['story', 'video'] }, view: { label: 'Trailer' } };

const ref = (id: string, stencil = 'story') => ({ id, stencil });
/** The browse modal mounts the whole list page; on a busy machine that alone can take seconds. */
const BROWSE_TIMEOUT = 20_000;
const MODAL_WAIT = { timeout: 10_000 };

function renderReferences(input: InputDefinition, value: unknown, options: { locale?: string; canEdit?: (name: string) => boolean } = {}) {
  const api = installCatalogue(STORY_ITEMS);
  const view = renderField(input, value === undefined ? {} : { [input.name]: value }, { wrapper: editorWrapper({ locale: options.locale }), canEdit: options.canEdit });
  const field = () => screen.getByRole('group', { name: input.view.label });
  return { ...view, api, field };
}

async function pickInBrowseModal(user: ReturnType<typeof renderField>['user'], titles: string[]) {
  const dialog = await screen.findByRole('dialog', { name: 'Browse assets' }, MODAL_WAIT);
  for (const title of titles) {
    const card = await within(dialog).findByRole('article', { name: title }, MODAL_WAIT);
    await user.click(within(card).getByRole('button', { name: title }));
  }
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Browse assets' })).not.toBeInTheDocument());
}

/** Lays the sortable items out one under the other, 60 px apart, for the drag sensor (jsdom has no layout). */
function layOutSortables() {
  const original = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const isSortableItem = this.firstElementChild?.tagName === 'ARTICLE' && this.parentElement !== null;
    if (!isSortableItem) return original.call(this);
    const index = [...(this.parentElement?.children ?? [])].indexOf(this);
    return DOMRect.fromRect({ x: 0, y: index * 60, width: 400, height: 50 });
  };
  return () => {
    HTMLElement.prototype.getBoundingClientRect = original;
  };
}

describe('asset reference input (spec 002 §3 reference value, spec 000 §2 narrow card)', () => {
  it('shows a narrow card per reference, looked up in one call in the version of the editor’s locale', async () => {
    const { api, field } = renderReferences(items, [ref('s1'), ref('s2')], { locale: 'de' });
    const cards = await within(field()).findAllByRole('article');
    await waitFor(() => expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Erste Geschichte', 'Second story']));
    expect(api.lookups()).toHaveLength(1);
    expect(idsAskedFor(api.lookups()[0]!)).toEqual(['s1', 's2']);
    expect(within(field()).getByRole('article', { name: 'Erste Geschichte' })).toHaveTextContent('Story · de');
    expect(within(within(field()).getByRole('article', { name: 'Second story' })).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/assets/s2/localizations/en/edit',
    );
  });

  it('sets { id, stencil } when an asset is picked in the browse modal, which lists only the allowed stencils', { timeout: BROWSE_TIMEOUT }, async () => {
    const { api, user, valueOf, field } = renderReferences(trailer, undefined);
    await user.click(within(field()).getByRole('button', { name: 'Add' }));
    await pickInBrowseModal(user, ['A video']);
    expect(valueOf()).toEqual(ref('v1', 'video'));
    expect(api.searches().at(-1)?.query.get('stencil')).toBe('story,video');
    expect(await within(field()).findByRole('article', { name: 'A video' })).toBeVisible();
  });

  it('replaces a single reference on Change, with the last asset picked', { timeout: BROWSE_TIMEOUT }, async () => {
    const { user, valueOf, field } = renderReferences(trailer, ref('s1'));
    await within(field()).findByRole('article', { name: 'First story' });
    await user.click(within(field()).getByRole('button', { name: 'Change' }));
    await pickInBrowseModal(user, ['Second story', 'A video']);
    expect(valueOf()).toEqual(ref('v1', 'video'));
    await waitFor(() => expect(within(field()).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['A video']));
  });

  it('clears a single reference on Remove and shows the required message, as the field is now touched', async () => {
    const { user, valueOf, field } = renderReferences(trailer, ref('s1'));
    const card = await within(field()).findByRole('article', { name: 'First story' });
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(valueOf()).toBeUndefined();
    expect(within(field()).queryByRole('article')).not.toBeInTheDocument();
    expect(await screen.findByText('This field is required.')).toBeVisible();
    expect(within(field()).getByRole('button', { name: 'Add' })).toBeVisible();
  });

  it('touches the field when the browse modal is cancelled', { timeout: BROWSE_TIMEOUT }, async () => {
    const { user, store, field } = renderReferences(trailer, undefined);
    await user.click(within(field()).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Browse assets' }, MODAL_WAIT);
    expect(store.getState().touched.trailer).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.getState().touched.trailer).toBe(true);
  });

  it('adds several references at the end of a list, reorders them by dragging, and removes them', { timeout: BROWSE_TIMEOUT }, async () => {
    const restore = layOutSortables();
    try {
      const { user, valueOf, field } = renderReferences(items, [ref('s1')]);
      await within(field()).findByRole('article', { name: 'First story' });
      await user.click(within(field()).getByRole('button', { name: 'Add' }));
      await pickInBrowseModal(user, ['A video', 'Second story', 'First story']);
      expect(valueOf()).toEqual([ref('s1'), ref('v1', 'video'), ref('s2')]);

      const titles = () => within(field()).getAllByRole('article').map((card) => card.getAttribute('aria-label'));
      await waitFor(() => expect(titles()).toEqual(['First story', 'A video', 'Second story']));
      const handle = within(within(field()).getByRole('article', { name: 'First story' })).getByRole('button', { name: 'Drag to reorder' });
      handle.focus();
      await user.keyboard('[Space]');
      await user.keyboard('[ArrowDown]');
      await user.keyboard('[Space]');
      await waitFor(() => expect(valueOf()).toEqual([ref('v1', 'video'), ref('s1'), ref('s2')]));
      expect(titles()).toEqual(['A video', 'First story', 'Second story']);

      await user.click(within(within(field()).getByRole('article', { name: 'First story' })).getByRole('button', { name: 'Remove' }));
      expect(valueOf()).toEqual([ref('v1', 'video'), ref('s2')]);
      for (const title of ['A video', 'Second story']) await user.click(within(within(field()).getByRole('article', { name: title })).getByRole('button', { name: 'Remove' }));
      expect(valueOf()).toBeUndefined();
    } finally {
      restore();
    }
  });

  it('shows a referenced asset that no longer exists as missing, with Remove', async () => {
    const { user, valueOf, field, api } = renderReferences(items, [ref('gone'), ref('s2')]);
    const missing = await within(field()).findByRole('article', { name: 'Asset not found' });
    expect(missing).toHaveTextContent('story · gone');
    expect(within(missing).queryByRole('link', { name: 'Open' })).not.toBeInTheDocument();
    await user.click(within(missing).getByRole('button', { name: 'Remove' }));
    expect(valueOf()).toEqual([ref('s2')]);
    expect(within(field()).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Second story']);
    // The remaining reference is known from the first answer: removing asks the server nothing.
    expect(api.lookups()).toHaveLength(1);
  });

  it('shows the cards of a disabled field without Add, Change, Remove or dragging (main partner for non-taxonomy managers)', async () => {
    const { field } = renderReferences(mainPartner, ref('p1', 'partner'), { canEdit: (name) => name !== 'main-partner' });
    const card = await within(field()).findByRole('article', { name: 'Alpine Outfitters' });
    expect(within(card).getByRole('link', { name: 'Open' })).toBeVisible();
    expect(within(field()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the cards of a disabled list without drag handles', async () => {
    const { field } = renderReferences(items, [ref('s1'), ref('s2')], { canEdit: () => false });
    await within(field()).findByRole('article', { name: 'Second story' });
    expect(within(field()).getAllByRole('article')).toHaveLength(2);
    expect(within(field()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a grid of cards for the grid style', async () => {
    const images: InputDefinition = { ...items, name: 'images', view: { label: 'Images', style: 'grid' } };
    const { field } = renderReferences(images, [ref('s1'), ref('s2')]);
    await within(field()).findByRole('article', { name: 'Second story' });
    expect(within(field()).getAllByRole('button', { name: 'Drag to reorder' })).toHaveLength(2);
    expect(within(field()).getByRole('button', { name: 'Add' })).toBeVisible();
  });

  it("shows an item's stencil error on its card once the field is touched", { timeout: BROWSE_TIMEOUT }, async () => {
    const { user, field } = renderReferences(items, [ref('s1'), ref('p1', 'partner')]);
    const partner = await within(field()).findByRole('article', { name: 'Alpine Outfitters' });
    expect(within(partner).queryByText('The selected asset type is not supported in this field.')).not.toBeInTheDocument();
    await user.click(within(field()).getByRole('button', { name: 'Add' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Browse assets' }, MODAL_WAIT)).getByRole('button', { name: 'Cancel' }));
    expect(await within(partner).findByText('The selected asset type is not supported in this field.')).toBeVisible();
  });
});
