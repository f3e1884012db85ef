import { describe, expect, it } from 'vitest';
import { isBucketVisible } from './facetRestrictors.ts';

const rights = (roles: string[], spaces: string[]) => ({ roles, spaces, localizations: ['en'] });

describe('facet restrictors (spec 000 §6)', () => {
  it('shows the cartoons bucket only to taxonomy managers', () => {
    expect(isBucketVisible({ name: 'c0ffee00-0000-4000-8000-000000000000', label: 'Cartoons' }, rights(['content-editor'], ['rbcom']))).toBe(false);
    expect(isBucketVisible({ name: 'cartoons', label: 'Cartoons' }, rights(['taxonomy-manager'], ['rbcom']))).toBe(true);
  });
  it('shows the media-partnerships bucket only to users with that space', () => {
    expect(isBucketVisible({ name: 'media-partnerships', label: 'Media partnerships' }, rights(['admin'], ['rbcom']))).toBe(false);
    expect(isBucketVisible({ name: 'media-partnerships', label: 'Media partnerships' }, rights([], ['media-partnerships']))).toBe(true);
  });
  it('shows every other bucket', () => {
    expect(isBucketVisible({ name: 'story', label: 'Story' }, rights([], []))).toBe(true);
  });
});
