import { describe, expect, it } from 'vitest';
import { creationPercent, moveItem, nextStep, previousStep, stepProgress, uploadItemOf, emptyDraft, type GalleryDraft } from './galleryDraft.ts';

const upload = (name: string) => uploadItemOf(new File(['x'], name, { type: 'image/png' }), name, null);

describe('the gallery bucket flow (spec 001 §4)', () => {
  it('goes through the steps of each bucket', () => {
    expect(nextStep('bucket-selection', 'image-assets')).toBe('image-selection');
    expect(nextStep('image-selection', 'image-assets')).toBe('image-ordering');
    expect(nextStep('bucket-selection', 'local-uploads')).toBe('questionnaire');
    expect(nextStep('bucket-selection', 'media-archive')).toBe('media-selection');
    expect(nextStep('media-selection', 'media-archive')).toBe('questionnaire');
    expect(nextStep('questionnaire', 'media-archive')).toBe('overview');
    expect(nextStep('bucket-selection', 'empty-gallery')).toBe('create');
  });

  it('goes back by the back rules', () => {
    const archive: GalleryDraft = { ...emptyDraft(), bucket: 'media-archive', items: [upload('a.png')] };
    expect(previousStep('overview', archive)).toBe('media-selection');
    expect(previousStep('overview', { ...archive, items: [] })).toBe('bucket-selection');
    expect(previousStep('questionnaire', archive)).toBe('media-selection');
    expect(previousStep('questionnaire', { ...archive, bucket: 'local-uploads' })).toBe('bucket-selection');
    expect(previousStep('image-ordering', { ...archive, bucket: 'image-assets' })).toBe('image-selection');
  });

  it('counts the step progress and the creation percent from the pending items', () => {
    expect(stepProgress('questionnaire', 'local-uploads')).toEqual({ count: 'Step 2 of 5', percent: 40 });
    expect(creationPercent([{ ...upload('a.png'), status: 'success' }, upload('b.png'), { ...upload('c.png'), status: 'failed' }])).toBe(67);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('derives title and seo-filename from the file name (spec 001 §5)', () => {
    expect(upload('Cliff_diving-Mostar.PNG').content).toEqual({ title: 'Cliff diving Mostar', seoFilename: 'cliff-diving-mostar', credits: '' });
  });
});
