import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, type InputDefinition } from '@editor/domain';
import { entryErrors } from './entryErrors.ts';

/** The image stencil's texts as `packages/server/stencils/image.json` constrains them. */
const IMAGE_INPUTS: InputDefinition[] = [
  { name: 'title', type: 'text', constraints: { required: true, maxLength: 120 }, view: { label: 'Title' } },
  { name: 'seo-filename', type: 'text', constraints: { required: true, maxLength: 100, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }, view: { label: 'SEO filename' } },
  { name: 'credits', type: 'text', constraints: { required: true, maxLength: 150 }, view: { label: 'Credits' } },
];

const valid = { title: 'Cliff diving', seoFilename: 'cliff-diving', credits: 'Jane Doe' };

describe("an upload entry's errors, by the image stencil's constraints", () => {
  it('has none when every text fits', () => {
    expect(entryErrors(valid, { inputs: IMAGE_INPUTS })).toEqual({});
  });

  it.each([
    { change: { title: '  ' }, errors: { title: VALIDATION_MESSAGES.required } },
    { change: { title: 'x'.repeat(121) }, errors: { title: VALIDATION_MESSAGES.characterCount } },
    { change: { seoFilename: 'Cliff Diving' }, errors: { seoFilename: VALIDATION_MESSAGES.pattern } },
    { change: { seoFilename: 'cliff--diving' }, errors: { seoFilename: VALIDATION_MESSAGES.pattern } },
    { change: { seoFilename: '' }, errors: { seoFilename: VALIDATION_MESSAGES.required } },
    { change: { credits: '' }, errors: { credits: VALIDATION_MESSAGES.required } },
  ])('reports $errors for $change', ({ change, errors }) => {
    expect(entryErrors({ ...valid, ...change }, { inputs: IMAGE_INPUTS })).toEqual(errors);
  });

  it('checks the SEO filename pattern even when a stencil does not', () => {
    const loose = IMAGE_INPUTS.map((input) => ({ ...input, constraints: {} }));
    expect(entryErrors({ title: '', seoFilename: 'Not A Filename', credits: '' }, { inputs: loose })).toEqual({ seoFilename: VALIDATION_MESSAGES.pattern });
  });
});
