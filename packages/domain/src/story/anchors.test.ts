import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anchorFragmentOf, paragraphAnchorOf, urlFragmentOf, withAnchorRemoved, withAnchorSet } from './anchors.ts';

const paragraph = (html: string, meta?: Record<string, unknown>) => ({ type: 'text', value: html, ...(meta ? { _meta: meta } : {}) });
const cta = (label: string, target?: string) => ({ type: 'cta-anchor', value: { 'cta-label': label, ...(target ? { 'cta-anchor-target': target } : {}) } });

describe('url fragments (spec 002 §4, derived from the anchor’s first value)', () => {
  it.each([
    ['Jump to the Rules!', 'jump-to-the-rules'],
    ['  Über   Größe ', 'über-größe'],
    ['Race 2026: results', 'race-2026-results'],
    ['!!!', 'anchor'],
  ])('%s → %s', (label, fragment) => {
    expect(urlFragmentOf(label)).toBe(fragment);
  });

  it('never holds a space, a #, or a dash at either end', () => {
    fc.assert(
      fc.property(fc.string(), (label) => {
        const fragment = urlFragmentOf(label);
        expect(fragment).not.toMatch(/[\s#]|^-|-$/);
        expect(fragment.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('setting an anchor (spec 002 §4)', () => {
  it('puts the anchor key and fragment in the paragraph’s meta and the key in the call to action', () => {
    const items = [paragraph('<p>One</p>'), paragraph('<p>Two</p>'), cta('See the rules')];
    const next = withAnchorSet(items, { anchorIndex: 2, paragraphIndex: 1, anchorKey: 'a1' });
    expect(next[1]).toEqual(paragraph('<p>Two</p>', { anchorKey: 'a1', urlFragment: 'see-the-rules' }));
    expect(next[2]).toEqual(cta('See the rules', 'a1'));
    expect(next[0]).toBe(items[0]);
    expect(anchorFragmentOf(next, 'a1')).toBe('see-the-rules');
  });

  it('removes the anchor from the paragraph it was on before', () => {
    const items = [paragraph('<p>One</p>', { anchorKey: 'a1', urlFragment: 'rules' }), paragraph('<p>Two</p>'), cta('Rules', 'a1')];
    const next = withAnchorSet(items, { anchorIndex: 2, paragraphIndex: 1, anchorKey: 'a1' });
    expect(next[0]).toEqual(paragraph('<p>One</p>'));
    expect(paragraphAnchorOf(next[1])).toEqual({ anchorKey: 'a1', urlFragment: 'rules' });
  });

  it('keeps other meta of the paragraph and makes its fragment unique in the story', () => {
    const items = [paragraph('<p>One</p>', { anchorKey: 'a1', urlFragment: 'rules' }), paragraph('<p>Two</p>', { style: { id: 'x' } }), cta('Rules', 'a1'), cta('Rules')];
    const next = withAnchorSet(items, { anchorIndex: 3, paragraphIndex: 1, anchorKey: 'a2' });
    expect(next[1]).toEqual(paragraph('<p>Two</p>', { style: { id: 'x' }, anchorKey: 'a2', urlFragment: 'rules-2' }));
  });

  it('releases the call to action of an anchor the paragraph carried before', () => {
    const items = [paragraph('<p>One</p>', { anchorKey: 'a1', urlFragment: 'first' }), cta('First', 'a1'), cta('Second')];
    const next = withAnchorSet(items, { anchorIndex: 2, paragraphIndex: 0, anchorKey: 'a2' });
    expect(paragraphAnchorOf(next[0])).toEqual({ anchorKey: 'a2', urlFragment: 'second' });
    expect(next[1]).toEqual({ type: 'cta-anchor', value: { 'cta-label': 'First' } });
  });

  it('changes nothing when the indexes are not a call to action and a paragraph', () => {
    const items = [paragraph('<p>One</p>'), { type: 'quote', value: ['x'] }];
    expect(withAnchorSet(items, { anchorIndex: 1, paragraphIndex: 0, anchorKey: 'a1' })).toEqual(items);
    expect(withAnchorSet([cta('A'), cta('B')], { anchorIndex: 0, paragraphIndex: 1, anchorKey: 'a1' })).toEqual([cta('A'), cta('B')]);
  });

  it('removes an anchor from its paragraph and its call to action', () => {
    const items = [paragraph('<p>One</p>', { anchorKey: 'a1', urlFragment: 'rules' }), cta('Rules', 'a1')];
    expect(withAnchorRemoved(items, 'a1')).toEqual([paragraph('<p>One</p>'), cta('Rules')]);
    expect(anchorFragmentOf(withAnchorRemoved(items, 'a1'), 'a1')).toBeUndefined();
  });
});
