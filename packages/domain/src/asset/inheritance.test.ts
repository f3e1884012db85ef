import { describe, expect, it } from 'vitest';
import type { InputDefinition } from './inputs.ts';
import { canInheritData, inheritedTitleOf, inheritedValuesOf } from './inheritance.ts';

const input = (name: string, type: InputDefinition['type'] = 'text', stencils?: string[]): InputDefinition => ({
  name,
  type,
  ...(stencils ? { constraints: { stencils } } : {}),
  view: { label: name },
});
const campaign = [
  input('title'),
  input('subheading'),
  input('energy-drink', 'asset', ['energy-drink']),
  input('key-visual', 'image'),
  input('packshot', 'image'),
  input('bg-hex-color-code'),
  input('legal-disclaimer', 'rich-text'),
];
const image = (referenceId: string) => ({ provider: 'cloudinary', referenceId });

describe('inheritance mapping (spec 002 §3)', () => {
  it.each([
    [{ 'local-brand-name': 'The Summer Edition', title: 'Summer Edition' }, 'The Summer Edition | Summer Edition'],
    [{ title: 'Summer Edition' }, 'Summer Edition'],
    [{ 'local-brand-name': ' Local ', title: '  ' }, 'Local'],
    [{}, undefined],
  ])('joins the title of %j as %s', (source, expected) => {
    expect(inheritedTitleOf(source)).toBe(expected);
  });

  it('maps colour, featured media, key visual, legal disclaimer, teaser and title onto the campaign’s inputs', () => {
    const source = {
      title: 'Summer Edition',
      'local-brand-name': 'The Summer Edition',
      teaser: 'Tastes like summer',
      'branding-hex-color': '#1E2A5A',
      'featured-media': image('can'),
      'key-visual': image('visual'),
      'legal-disclaimer': '<p>Contains caffeine.</p>',
    };
    expect(inheritedValuesOf(source, campaign)).toEqual({
      title: 'The Summer Edition | Summer Edition',
      subheading: 'Tastes like summer',
      'bg-hex-color-code': '#1E2A5A',
      packshot: image('can'),
      'key-visual': image('visual'),
      'legal-disclaimer': '<p>Contains caffeine.</p>',
    });
  });

  it('leaves out what the source lacks and what the target has no input for', () => {
    expect(inheritedValuesOf({ teaser: 'Tastes like summer', 'key-visual': image('v') }, [input('title'), input('key-visual', 'image')])).toEqual({ 'key-visual': image('v') });
  });

  it('is offered to stencils that reference energy drinks and have a mapped input', () => {
    expect(canInheritData(campaign)).toBe(true);
    expect(canInheritData([input('title'), input('teaser')])).toBe(false);
    expect(canInheritData([input('energy-drink', 'asset', ['energy-drink'])])).toBe(false);
  });
});
