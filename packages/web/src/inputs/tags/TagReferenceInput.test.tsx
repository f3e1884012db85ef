import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_TAG, type InputDefinition } from '@editor/domain';
import { buildListItem } from '../../test/assetFixtures.ts';
import { renderField } from '../../test/renderField.tsx';
import { editorWrapper, installCatalogue } from '../asset-reference/referenceTestKit.tsx';

const discipline = (id: string, title: string, localization = 'en') =>
  buildListItem({ id, title, localization, stencil: 'discipline', stencilLabel: 'Discipline', localizations: [{ localization: 'en', status: 'published' }, { localization: 'de', status: 'published' }] });
const CATALOGUE = [
  discipline('football', 'Football'),
  discipline('football', 'Fußball', 'de'),
  discipline('surfing', 'Surfing'),
  discipline('skiing', 'Skiing'),
  buildListItem({ id: 'series-1', title: 'Cliff Diving World Series', stencil: 'event-series' }),
  buildListItem({ id: 'series-2', title: 'Red Sea Rally Series', stencil: 'event-series' }),
  buildListItem({ id: 'rookies', title: 'Rookies', stencil: 'tag' }),
  buildListItem({ id: ALL_TAG.id, title: 'All', stencil: 'tag' }),
];

const disciplines: InputDefinition = {
  name: 'disciplines',
  type: 'asset',
  multiple: true,
  constraints: { stencils: ['discipline'] },
  view: { label: 'Disciplines', placeholder: 'Search disciplines', style: 'tags' },
};
const eventSeries: InputDefinition = { name: 'event-series', type: 'asset', constraints: { stencils: ['event-series'] }, view: { label: 'Event series', style: 'tags' } };
const targetTags: InputDefinition = {
  name: 'target-tags',
  type: 'asset',
  multiple: true,
  constraints: { required: true, stencils: ['tag'] },
  view: { label: 'Target tags', style: 'tags' },
};

function renderTags(input: InputDefinition, value: unknown, options: { locale?: string; canEdit?: (name: string) => boolean } = {}) {
  const api = installCatalogue(CATALOGUE);
  const view = renderField(input, value === undefined ? {} : { [input.name]: value }, { wrapper: editorWrapper({ locale: options.locale }), canEdit: options.canEdit });
  return { ...view, api, search: () => screen.getByRole('textbox', { name: input.view.label }) };
}

const chipTexts = () => [...document.querySelectorAll('.mantine-Pill-label')].map((label) => label.textContent);

describe('asset references as tags (view.style tags)', () => {
  it('shows the chosen tags as chips named by their titles in the editor’s locale', async () => {
    renderTags(disciplines, [{ id: 'football', stencil: 'discipline' }, { id: 'surfing', stencil: 'discipline' }], { locale: 'de' });
    await waitFor(() => expect(chipTexts()).toEqual(['Fußball', 'Surfing']));
  });

  it('searches the allowed stencils with the typed text and adds the picked tag', async () => {
    const { user, api, search, valueOf } = renderTags(disciplines, [{ id: 'football', stencil: 'discipline' }]);
    await waitFor(() => expect(chipTexts()).toEqual(['Football']));
    await user.type(search(), 'surf');
    // After the input debounce, one search with the whole text.
    await waitFor(() => expect(api.searches().at(-1)?.query.get('q')).toBe('surf'));
    expect(api.searches().at(-1)?.query.get('stencil')).toBe('discipline');
    expect(api.searches().filter((request) => request.query.get('q') === 's')).toEqual([]);
    const listbox = screen.getByRole('listbox', { name: 'Disciplines' });
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Surfing']));
    await user.click(within(listbox).getByRole('option', { name: 'Surfing' }));
    expect(valueOf()).toEqual([
      { id: 'football', stencil: 'discipline' },
      { id: 'surfing', stencil: 'discipline' },
    ]);
    await waitFor(() => expect(chipTexts()).toEqual(['Football', 'Surfing']));
    expect(search()).toHaveValue('');
  });

  it('lists each tag once when the picker opens, and takes a chosen tag out when picked again', async () => {
    const { user, search, valueOf } = renderTags(disciplines, [{ id: 'football', stencil: 'discipline' }, { id: 'skiing', stencil: 'discipline' }]);
    await user.click(search());
    const listbox = await screen.findByRole('listbox', { name: 'Disciplines' });
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Football', 'Surfing', 'Skiing']));
    await user.click(within(listbox).getByRole('option', { name: 'Football' }));
    expect(valueOf()).toEqual([{ id: 'skiing', stencil: 'discipline' }]);
  });

  it('replaces the tag of a single tags input with a second pick', async () => {
    const { user, search, valueOf } = renderTags(eventSeries, { id: 'series-1', stencil: 'event-series' });
    await waitFor(() => expect(chipTexts()).toEqual(['Cliff Diving World Series']));
    await user.type(search(), 'rally');
    await user.click(await screen.findByRole('option', { name: 'Red Sea Rally Series' }));
    expect(valueOf()).toEqual({ id: 'series-2', stencil: 'event-series' });
    await waitFor(() => expect(chipTexts()).toEqual(['Red Sea Rally Series']));
  });

  it('removes a chip with its remove button, and the last one with Backspace', async () => {
    const { user, search, valueOf } = renderTags(disciplines, [{ id: 'football', stencil: 'discipline' }, { id: 'surfing', stencil: 'discipline' }]);
    await user.click(await screen.findByRole('button', { name: 'Remove Football' }));
    expect(valueOf()).toEqual([{ id: 'surfing', stencil: 'discipline' }]);
    await user.click(search());
    await user.keyboard('{Backspace}');
    expect(valueOf()).toBeUndefined();
  });

  it("'Target all' replaces the target tags with the single all-tag and disables the tag list", async () => {
    const { user, search, valueOf, api } = renderTags(targetTags, [{ id: 'rookies', stencil: 'tag' }]);
    await waitFor(() => expect(chipTexts()).toEqual(['Rookies']));
    const targetAll = screen.getByRole('checkbox', { name: 'Target all' });
    expect(targetAll).not.toBeChecked();
    await user.click(targetAll);
    expect(valueOf()).toEqual([ALL_TAG]);
    expect(targetAll).toBeChecked();
    expect(search()).toBeDisabled();
    expect(chipTexts()).toEqual([]);

    await user.click(targetAll);
    expect(valueOf()).toBeUndefined();
    expect(search()).toBeEnabled();
    expect(await screen.findByText('This field is required.')).toBeVisible();

    // The all-tag is set by 'Target all' only, never offered as a tag.
    await user.click(search());
    const listbox = await screen.findByRole('listbox', { name: 'Target tags' });
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Rookies']));
    expect(api.searches().at(-1)?.query.get('stencil')).toBe('tag');
  });

  it('shows the chips of a disabled field without remove buttons, and no way to search', async () => {
    const { search } = renderTags(targetTags, [{ id: 'rookies', stencil: 'tag' }], { canEdit: () => false });
    await waitFor(() => expect(chipTexts()).toEqual(['Rookies']));
    expect(screen.queryByRole('button', { name: 'Remove Rookies' })).not.toBeInTheDocument();
    expect(search()).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Target all' })).toBeDisabled();
  });
});
