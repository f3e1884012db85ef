import { describe, expect, it } from 'vitest';
import { creditsAppliedText, imagesAddedText, uploadedCountText } from './uploadTexts.ts';

describe('the upload texts (spec 001 §2.8, 002 §9)', () => {
  it.each([
    [1, '1 image has been added to My Content'],
    [2, '2 images have been added to My Content'],
    [12, '12 images have been added to My Content'],
  ])('counts %i added images', (count, text) => {
    expect(imagesAddedText(count)).toBe(text);
  });

  it('names the credits applied to all images, or says they were removed', () => {
    expect(creditsAppliedText('Jane Doe / Media Pool')).toBe('Credits value "Jane Doe / Media Pool" has been applied to all images automatically');
    expect(creditsAppliedText('')).toBe('Credits have been removed from all images automatically');
  });

  it('counts the uploaded images of the list', () => {
    expect(uploadedCountText({ uploaded: 0, total: 1 })).toBe('0 of 1 image uploaded');
    expect(uploadedCountText({ uploaded: 2, total: 3 })).toBe('2 of 3 images uploaded');
  });
});
