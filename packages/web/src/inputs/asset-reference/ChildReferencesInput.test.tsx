import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { buildListItem } from '../../test/assetFixtures.ts';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import type { RecordedRequest } from '../../test/fakeApi.ts';
import { renderField } from '../../test/renderField.tsx';
import { editorWrapper, installCatalogue } from './referenceTestKit.tsx';

const seasons: InputDefinition = {
  name: 'seasons',
  type: 'child-ref',
  multiple: true,
  constraints: { stencils: ['season'] },
  view: { label: 'Seasons', hint: 'Seasons that name this show, by number.', readonly: true },
};
const details: InputDefinition = { name: 'event-details', type: 'child-ref', multiple: true, constraints: { stencils: ['event-details'] }, view: { label: 'Event details', readonly: true } };

const season = (id: string, title: string) => buildListItem({ id, title, stencil: 'season', stencilLabel: 'Season' });
const SEASON_NUMBERS: Record<string, number> = { 'season-a': 3, 'season-b': 1, 'season-c': 2 };

/** The bulk fetch (spec 001 §7) with raw content: the season numbers. */
function bulkGet(request: RecordedRequest) {
  const body = request.body as { assetLocalizationIdentifiers: Array<{ id: string; localization: string }> };
  return {
    status: 200,
    body: {
      data: body.assetLocalizationIdentifiers.map(({ id, localization }) => ({
        id,
        localization,
        status: 200,
        // The raw form: each input's stored value alone.
        data: { ...buildAssetVersion({ id, localization, stencil: 'season' }), content: { title: id, 'season-number': SEASON_NUMBERS[id] } },
      })),
    },
  };
}

describe('child references (spec 002 §5: cannot be edited; list ordering)', () => {
  it("lists a show's seasons by season number, without any way to change them", async () => {
    const api = installCatalogue([season('season-a', 'A: the finale'), season('season-b', 'Beginnings'), season('season-c', 'Crossroads')], {
      'POST /api/v1/assets/localizations/bulk-get': bulkGet,
    });
    const value = ['season-a', 'season-b', 'season-c'].map((id) => ({ id, stencil: 'season' }));
    renderField(seasons, { seasons: value }, { wrapper: editorWrapper() });
    const field = screen.getByRole('group', { name: 'Seasons' });
    const titles = () => within(field).getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    await waitFor(() => expect(titles()).toEqual(['Beginnings', 'Crossroads', 'A: the finale']));
    expect(within(field).queryByRole('button')).not.toBeInTheDocument();
    expect(within(field).getAllByRole('link', { name: 'Open' })).toHaveLength(3);
    const bulk = api.requests.filter((request) => request.method === 'POST');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]?.query.get('raw')).toBe('true');
    expect(screen.getByText('Seasons that name this show, by number.')).toBeVisible();
  });

  it('lists other child references by title, without fetching numbers', async () => {
    const api = installCatalogue([
      buildListItem({ id: 'd1', title: 'Stage 10', stencil: 'event-details' }),
      buildListItem({ id: 'd2', title: 'Accommodation', stencil: 'event-details' }),
      buildListItem({ id: 'd3', title: 'Stage 2', stencil: 'event-details' }),
    ]);
    renderField(details, { 'event-details': ['d1', 'd2', 'd3'].map((id) => ({ id, stencil: 'event-details' })) }, { wrapper: editorWrapper() });
    const field = screen.getByRole('group', { name: 'Event details' });
    await waitFor(() => expect(within(field).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Accommodation', 'Stage 2', 'Stage 10']));
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
