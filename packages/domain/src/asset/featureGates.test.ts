import { describe, expect, it } from 'vitest';
import { gatedElementsAdded, isElementOffered } from './featureGates.ts';
import type { InputDefinition } from './inputs.ts';

describe('isElementOffered (spec 002 §5)', () => {
  it.each([
    ['cta-fullscreen-engagement', [], false],
    ['cta-fullscreen-engagement', ['fullscreen-engagement'], true],
    ['text', [], true],
  ])('%s with flags %j → %s', (name, features, offered) => {
    expect(isElementOffered(name, features)).toBe(offered);
  });
});

describe('gatedElementsAdded (spec 002 §5)', () => {
  const element = (type: string) => ({ type, value: { text: 'Join us' } });
  const inputs: InputDefinition[] = [
    {
      name: 'content',
      type: 'one-of-container',
      multiple: true,
      view: { label: 'Content' },
      constraints: {
        oneOfProperties: [
          { name: 'cta-fullscreen-engagement', type: 'container', view: { label: 'Fullscreen engagement' }, constraints: { properties: [{ name: 'text', type: 'text', view: { label: 'Text' } }] } },
          { name: 'text', type: 'container', view: { label: 'Text' }, constraints: { properties: [{ name: 'text', type: 'text', view: { label: 'Text' } }] } },
        ],
      },
    },
  ];
  const added = (before: unknown[], after: unknown[], features: string[] = []) =>
    gatedElementsAdded({ inputs, before: { content: before }, after: { content: after }, features });

  it('names a gated element a save adds while its flag is off', () => {
    expect(added([element('text')], [element('text'), element('cta-fullscreen-engagement')])).toEqual(['cta-fullscreen-engagement']);
  });

  it('lets one already in the content stay, move or go', () => {
    const cta = element('cta-fullscreen-engagement');
    expect(added([cta, element('text')], [element('text'), cta])).toEqual([]);
    expect(added([cta], [])).toEqual([]);
  });

  it('refuses a second one while the flag is off', () => {
    const cta = element('cta-fullscreen-engagement');
    expect(added([cta], [cta, cta])).toEqual(['cta-fullscreen-engagement']);
  });

  it('allows any number while the flag is on, and never gates other elements', () => {
    expect(added([], [element('cta-fullscreen-engagement')], ['fullscreen-engagement'])).toEqual([]);
    expect(added([], [element('text'), element('text')])).toEqual([]);
  });
});
