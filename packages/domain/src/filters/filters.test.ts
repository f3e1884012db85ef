import { describe, expect, it } from 'vitest';
import { savedFilterLabel, shouldSuggestSavedFilter } from './filters.ts';

describe('saved filter presets', () => {
  it('labels a preset with its values (spec 001 §2.3)', () => {
    expect(savedFilterLabel({ stencil: ['story', 'video'], localization: 'de' })).toBe('story, video, de');
    expect(savedFilterLabel({ q: 'cliff', createdDateFrom: '2026-01-01', createdDateTo: '2026-02-01' })).toBe('cliff, 2026-01-01/2026-02-01');
  });

  it.each([
    [{}, 'AllContent', false],
    [{ stencil: ['story'] }, 'AllContent', true],
    [{ stencil: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] }, 'AllContent', true],
    [{ stencil: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] }, 'AllContent', false],
    [{ createdDateFrom: '2026-01-01' }, 'AllContent', false],
    [{ createdDateFrom: '2026-01-01', createdDateTo: '2026-02-01' }, 'AllContent', true],
    [{ sortBy: 'lastPublished' }, 'AllContent', false],
    [{ stencil: ['story'] }, 'PublicationOverview', false],
  ])('suggests saving %j on %s: %s (spec 000 §4)', (filters, route, expected) => {
    expect(shouldSuggestSavedFilter(filters, route)).toBe(expected);
  });
});
