import { describe, expect, it } from 'vitest';
import { STENCILS_DIR, loadStencils } from '../stencils/loadStencils.ts';
import { deriveColumns } from './derived.ts';

const stencils = new Map(loadStencils(STENCILS_DIR).map((stencil) => [stencil.name, stencil]));
const story = stencils.get('story')!;

describe('columns derived from a version', () => {
  const linked = '0b9c2a7e-6d3f-4a51-9f0e-2c8b7d1e4a60';
  const content = {
    title: { value: 'Cliff diving in <b>Mostar</b>' },
    teaser: { value: 'The old bridge, 21 metres.' },
    'hero-image': { value: { provider: 'cloudinary', referenceId: 'mostar-bridge', width: 1600, height: 900 } },
    disciplines: { value: [{ id: 'd1d1d1d1-0000-4000-8000-000000000001', stencil: 'discipline' }] },
    authorship: { value: [{ type: 'author-link', value: { id: 'a1a1a1a1-0000-4000-8000-000000000002', stencil: 'author' } }] },
    'story-content': { value: [{ type: 'text', value: `<p>Read the <a href="/api/v1/assets/${linked}">preview</a> first.</p>` }] },
  };

  it('keeps the text for search, the references, the main image and the error count', () => {
    const derived = deriveColumns(story, content);
    expect(derived.title).toBe('Cliff diving in Mostar');
    expect(derived.searchText).toContain('The old bridge, 21 metres.');
    expect(derived.searchText).toContain('Read the preview first.');
    expect(derived.references).toEqual(
      expect.arrayContaining([
        { input: 'disciplines', targetId: 'd1d1d1d1-0000-4000-8000-000000000001' },
        { input: 'authorship', targetId: 'a1a1a1a1-0000-4000-8000-000000000002' },
        { input: 'story-content', targetId: linked },
      ]),
    );
    expect(JSON.parse(derived.mainImage!)).toMatchObject({ referenceId: 'mostar-bridge' });
    expect(derived.errorCount).toBe(0);
  });

  it('counts the validation errors of a draft', () => {
    const derived = deriveColumns(story, { teaser: { value: 'No title, no author' } });
    expect(derived.errorCount).toBeGreaterThanOrEqual(2);
    expect(derived.mainImage).toBeNull();
  });
});
