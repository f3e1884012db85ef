import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { buildListItem } from '../../test/assetFixtures.ts';
import type { FakeResponse, RecordedRequest } from '../../test/fakeApi.ts';
import { renderField } from '../../test/renderField.tsx';
import { editorWrapper, installCatalogue } from '../asset-reference/referenceTestKit.tsx';
import { ALL_SUGGESTIONS_APPLIED } from './TagSuggestionsPanel.tsx';

const SUGGESTIONS = 'POST /api/v1/suggestions/tags/disciplines';
const disciplines: InputDefinition = {
  name: 'disciplines',
  type: 'asset',
  multiple: true,
  constraints: { stencils: ['discipline'] },
  view: { label: 'Disciplines', placeholder: 'Search disciplines', style: 'tags' },
};
const title: InputDefinition = { name: 'title', type: 'text', view: { label: 'Title' } };
const CATALOGUE = [
  buildListItem({ id: 'diving', title: 'Cliff Diving', stencil: 'discipline' }),
  buildListItem({ id: 'swimming', title: 'Swimming', stencil: 'discipline' }),
  buildListItem({ id: 'surfing', title: 'Surfing', stencil: 'discipline' }),
];
const tags = [
  { uuid: 'diving', title: 'Cliff Diving', localization: 'en' },
  { uuid: 'swimming', title: 'Swimming', localization: 'en' },
  { uuid: 'surfing', title: 'Surfing', localization: 'en' },
];

function renderSuggestions(answer: FakeResponse | ((request: RecordedRequest) => FakeResponse), value: unknown = []) {
  const api = installCatalogue(CATALOGUE, { [SUGGESTIONS]: answer });
  const view = renderField(disciplines, { disciplines: value, title: 'Cliff diving in Mostar' }, { siblings: [title], wrapper: editorWrapper() });
  act(() => view.store.setState({ about: { id: 'host', localization: 'en', spaces: ['rbcom'], externalReference: null } }));
  return { ...view, api, asked: () => api.requests.filter((request) => `${request.method} ${request.path}` === SUGGESTIONS) };
}

describe('the tag suggestions panel (spec 001 §4, §7, §9)', () => {
  it("asks for 3 suggestions for the asset's text in its space, and one click adds a tag", async () => {
    const { asked, user, valueOf } = renderSuggestions({ status: 200, body: tags });
    await user.click(await screen.findByRole('button', { name: 'Add Swimming' }));
    expect(valueOf()).toEqual([{ id: 'swimming', stencil: 'discipline' }]);
    expect(screen.queryByRole('button', { name: 'Add Swimming' })).not.toBeInTheDocument();
    expect(await screen.findByText('Swimming', { selector: '.mantine-Pill-label' })).toBeVisible();
    expect(asked()[0]?.body).toEqual({ space: 'rbcom', suggestionAmount: 3, textualContent: 'Cliff diving in Mostar' });
  });

  it('asks again once the text has rested for 500 ms after a change', async () => {
    const { asked, store } = renderSuggestions({ status: 200, body: tags });
    await screen.findByRole('button', { name: 'Add Surfing' });
    act(() => store.getState().setValue(['title'], 'Surfing in Nazaré'));
    await waitFor(() => expect(asked().at(-1)?.body).toMatchObject({ textualContent: 'Surfing in Nazaré' }));
    expect(asked()).toHaveLength(2);
  });

  it('says when every suggestion is applied, and collapses', async () => {
    const chosen = tags.map((tag) => ({ id: tag.uuid, stencil: 'discipline' }));
    const { user } = renderSuggestions({ status: 200, body: tags }, chosen);
    expect(await screen.findByText(ALL_SUGGESTIONS_APPLIED)).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Suggestions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs a failure and shows no panel', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { asked } = renderSuggestions({ status: 500, body: { status: 500, messages: ['Down.'] } });
    await waitFor(() => expect(asked()).toHaveLength(1));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Suggestions' })).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
