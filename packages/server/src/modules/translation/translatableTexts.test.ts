import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import type { InputDefinition, StencilDefinition } from '@editor/domain';
import { STENCILS_DIR, loadStencils } from '../stencils/loadStencils.ts';
import type { StoredContent } from '../assets/content.ts';
import { applyTranslations, collectTranslatableTexts, isFreeText } from './translatableTexts.ts';

const stencils = loadStencils(STENCILS_DIR);
const stencilNamed = (name: string): StencilDefinition => {
  const stencil = stencils.find((entry) => entry.name === name);
  if (!stencil) throw new Error(`no stencil ${name}`);
  return stencil;
};
const story = stencilNamed('story');
const eventProfile = stencilNamed('event-profile');
/** Every collected text (rich-text blocks with their tokens) comes back wrapped in «», as a translator keeping the tokens would answer. */
const marked = (inputs: readonly InputDefinition[], content: StoredContent) =>
  applyTranslations(inputs, content, collectTranslatableTexts(inputs, content).map((text) => `«${text}»`));
const image = { provider: 'cloudinary', referenceId: 'rjukan-ice', width: 1600, height: 900 };

const input = (overrides: Partial<InputDefinition>): InputDefinition => ({ name: 'teaser', type: 'text', view: { label: 'Teaser' }, ...overrides });
const tagsOf = (html: string) => html.match(/<[^>]*>/g) ?? [];

describe('which inputs are free text', () => {

  it.each([
    ['a plain text input', input({}), true],
    ['a rich-text input', input({ type: 'rich-text' }), true],
    ['a slug with a pattern', input({ name: 'uri-title', constraints: { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' } }), false],
    ['a text with options', input({ constraints: { options: [{ value: 'a', label: 'A' }] } }), false],
    ['an address', input({ name: 'website', view: { label: 'Website', style: 'url' } }), false],
    ['an anchor target', input({ name: 'cta-anchor-target', view: { label: 'Anchor', style: 'anchor' } }), false],
    ['an identifier', input({ name: 'motorsport-event-id' }), false],
    ['a time zone', input({ name: 'timezone' }), false],
    ['a number', input({ type: 'number' }), false],
    ['a select', input({ type: 'select' }), false],
    ['a table', input({ type: 'table' }), false],
  ])('%s: %s', (_label, definition, expected) => {
    expect(isFreeText(definition)).toBe(expected);
  });
});

describe('collecting and applying translatable texts', () => {
  it('translates text and rich-text inputs and leaves every other input exactly as it is', () => {
    const content: StoredContent = {
      title: { value: 'Ice climbing in Rjukan' },
      teaser: { value: 'Frozen waterfalls all winter.', _meta: { hidden: false } },
      'hero-image': { value: image },
      'uri-title': { value: 'ice-climbing-in-rjukan' },
      'motorsport-event-id': { value: 'EVT-2026-01' },
      geolocation: { value: { latitude: 59.88, longitude: 8.59 } },
      'no-monetization': { value: true },
      disciplines: { value: [{ id: 'climbing', stencil: 'discipline' }] },
      'custom-properties': { value: [{ key: 'campaign', value: 'winter' }] },
    };
    const result = marked(story.inputs, content);
    expect(result.content).toEqual({
      ...content,
      title: { value: '«Ice climbing in Rjukan»' },
      teaser: { value: '«Frozen waterfalls all winter.»', _meta: { hidden: false } },
    });
    expect(result.translatedInputs).toEqual(['title', 'teaser']);
    // The source is not changed.
    expect(content.title?.value).toBe('Ice climbing in Rjukan');
  });

  it('sends rich text one block at a time with its inline tags as numbered tokens, and keeps the markup character for character', () => {
    const html = '<p>Frozen <strong class="x">waterfalls</strong> all <a href="https://example.com/a?b=1&amp;c=2">winter</a>.</p>\n<p> </p><ul><li>One</li></ul>';
    const content: StoredContent = { 'story-content': { value: [{ type: 'text', value: html }] } };
    expect(collectTranslatableTexts(story.inputs, content)).toEqual(['Frozen <1>waterfalls</1> all <2>winter</2>.', 'One']);
    const result = marked(story.inputs, content);
    expect(result.content['story-content']?.value).toEqual([
      { type: 'text', value: '<p>«Frozen <strong class="x">waterfalls</strong> all <a href="https://example.com/a?b=1&amp;c=2">winter</a>.»</p>\n<p> </p><ul><li>«One»</li></ul>' },
    ]);
    expect(result.brokenBlocks).toEqual([]);
  });

  it('keeps nested inline tags and void elements exactly', () => {
    const html = '<h2>A <strong>bold <em>and <a href="x?a=1&amp;b=2" title="t">linked</a></em></strong> word<br/>next <img src="i.png" alt="ice">.</h2>';
    const content: StoredContent = { 'story-content': { value: [{ type: 'text', value: html }] } };
    expect(collectTranslatableTexts(story.inputs, content)).toEqual(['A <1>bold <2>and <3>linked</3></2></1> word<4/>next <5/>.']);
    const result = applyTranslations(story.inputs, content, ['Ein <1>fettes <2>und <3>verlinktes</3></2></1> Wort<4/>dann <5/>.']);
    expect(result.content['story-content']?.value).toEqual([
      { type: 'text', value: '<h2>Ein <strong>fettes <em>und <a href="x?a=1&amp;b=2" title="t">verlinktes</a></em></strong> Wort<br/>dann <img src="i.png" alt="ice">.</h2>' },
    ]);
  });

  it('puts tokens the translator moved back in their new place', () => {
    const content: StoredContent = { 'story-content': { value: [{ type: 'text', value: '<p>The <strong>red</strong> <a href="/car">car</a> is fast.</p>' }] } };
    expect(collectTranslatableTexts(story.inputs, content)).toEqual(['The <1>red</1> <2>car</2> is fast.']);
    const result = applyTranslations(story.inputs, content, ['La <2>voiture</2> <1>rouge</1> est rapide.']);
    expect(result.content['story-content']?.value).toEqual([{ type: 'text', value: '<p>La <a href="/car">voiture</a> <strong>rouge</strong> est rapide.</p>' }]);
  });

  it('treats each innermost block of nested lists and quotes as its own unit, and text at the top level as one too', () => {
    const html = 'Loose <b>text</b><ul><li>One <em>a</em><ul><li>Two</li><li><p>Three <b>b</b></p></li></ul></li></ul><blockquote><p>Quote</p> tail</blockquote>';
    const content: StoredContent = { 'story-content': { value: [{ type: 'text', value: html }] } };
    expect(collectTranslatableTexts(story.inputs, content)).toEqual(['Loose <1>text</1>', 'One <1>a</1>', 'Two', 'Three <1>b</1>', 'Quote', 'tail']);
    expect(marked(story.inputs, content).content['story-content']?.value).toEqual([
      {
        type: 'text',
        value: '«Loose <b>text</b>»<ul><li>«One <em>a</em>»<ul><li>«Two»</li><li><p>«Three <b>b</b>»</p></li></ul></li></ul><blockquote><p>«Quote»</p> «tail»</blockquote>',
      },
    ]);
  });

  it('keeps the spacing and &nbsp; around a block exactly and does not send a block of only spacing', () => {
    const html = '<p>  <strong>Cold</strong> night&nbsp;</p>\n  <p>&nbsp; <em> </em><br> </p>';
    const content: StoredContent = { 'story-content': { value: [{ type: 'text', value: html }] } };
    expect(collectTranslatableTexts(story.inputs, content)).toEqual(['<1>Cold</1> night']);
    expect(marked(story.inputs, content).content['story-content']?.value).toEqual([
      { type: 'text', value: '<p>  «<strong>Cold</strong> night»&nbsp;</p>\n  <p>&nbsp; <em> </em><br> </p>' },
    ]);
  });

  it('numbers tags without a partner in the block on their own, so a malformed source still round-trips', () => {
    const content: StoredContent = { 'story-content': { value: [{ type: 'text', value: '<p><b>a<i>b</b>c</i> d</u></p>' }] } };
    expect(collectTranslatableTexts(story.inputs, content)).toEqual(['<1/>a<2>b<3/>c</2> d<4/>']);
    expect(marked(story.inputs, content).content['story-content']?.value).toEqual([{ type: 'text', value: '<p>«<b>a<i>b</b>c</i> d</u>»</p>' }]);
  });

  it('decodes the entities it sends and encodes &, < and > in what comes back', () => {
    const content: StoredContent = {
      'story-content': { value: [{ type: 'text', value: '<p>Salt &amp; pepper &lt;3&nbsp;&quot;hot&quot;</p><p>&nbsp;</p><p>Fish &amp; <em>chips</em> &gt; all</p>' }] },
    };
    expect(collectTranslatableTexts(story.inputs, content)).toEqual(['Salt & pepper <3\u00a0"hot"', 'Fish & <1>chips</1> > all']);
    const result = applyTranslations(story.inputs, content, ['Salz & Pfeffer <3 > "scharf"', 'Fisch & <1>Pommes</1> > <2 alles']);
    expect(result.content['story-content']?.value).toEqual([
      { type: 'text', value: '<p>Salz &amp; Pfeffer &lt;3 &gt; "scharf"</p><p>&nbsp;</p><p>Fisch &amp; <em>Pommes</em> &gt; &lt;2 alles</p>' },
    ]);
  });

  describe('a translation that broke the tokens of a block', () => {
    const html = '<p>One <strong>bold</strong> <em>move</em>.</p><p>Two <em>small</em> steps.</p>';
    const content: StoredContent = { title: { value: 'Climb' }, 'story-content': { value: [{ type: 'text', value: html }] } };
    const good = ['Klettern', 'ignored', 'Zwei <1>kleine</1> Schritte.'];

    it.each([
      ['a missing token', 'Eins <1>fett</1> Zug.'],
      ['a duplicated token', 'Eins <1>fett</1> <1>x</1> <2>Zug</2>.'],
      ['crossing tokens', 'Eins <1>fett <2>Zug</1></2>.'],
      ['a closing token before its opening one', 'Eins </1>fett<1> <2>Zug</2>.'],
      ['an unknown token', 'Eins <1>fett</1> <2>Zug</2><3/>.'],
      ['a pair written as a void token', 'Eins <1/>fett <2>Zug</2>.'],
    ])('falls back to translating that block run by run, the others stay per block: %s', (_label, broken) => {
      expect(collectTranslatableTexts(story.inputs, content)).toEqual(['Climb', 'One <1>bold</1> <2>move</2>.', 'Two <1>small</1> steps.']);
      const translations = good.map((text) => (text === 'ignored' ? broken : text));
      const first = applyTranslations(story.inputs, content, translations);
      expect(first.brokenBlocks).toEqual([{ index: 0, runs: ['One', 'bold', 'move', '.'] }]);
      // Until the runs are translated, the block keeps its source.
      expect(first.content['story-content']?.value).toEqual([{ type: 'text', value: '<p>One <strong>bold</strong> <em>move</em>.</p><p>Zwei <em>kleine</em> Schritte.</p>' }]);
      const second = applyTranslations(story.inputs, content, translations, { blocks: first.brokenBlocks, translations: ['Eins', 'fett', 'Zug', '.'] });
      expect(second.brokenBlocks).toEqual([]);
      expect(second.content.title?.value).toBe('Klettern');
      expect(second.content['story-content']?.value).toEqual([{ type: 'text', value: '<p>Eins <strong>fett</strong> <em>Zug</em>.</p><p>Zwei <em>kleine</em> Schritte.</p>' }]);
      expect(second.translatedInputs).toEqual(['title', 'story-content']);
    });

    it('refuses run translations of the wrong length', () => {
      const translations = ['Klettern', 'Eins fett Zug.', 'Zwei <1>kleine</1> Schritte.'];
      const { brokenBlocks } = applyTranslations(story.inputs, content, translations);
      expect(() => applyTranslations(story.inputs, content, translations, { blocks: brokenBlocks, translations: ['Eins'] })).toThrow('Fewer translations than texts.');
      expect(() => applyTranslations(story.inputs, content, translations, { blocks: brokenBlocks, translations: ['a', 'b', 'c', 'd', 'e'] })).toThrow('More translations than texts.');
    });

    it('takes text that only looks like a token for a broken block, so it is translated run by run', () => {
      const literal: StoredContent = { 'story-content': { value: [{ type: 'text', value: '<p>Type &lt;1&gt; <b>here</b></p>' }] } };
      const texts = collectTranslatableTexts(story.inputs, literal);
      expect(texts).toEqual(['Type <1> <1>here</1>']);
      const first = applyTranslations(story.inputs, literal, texts);
      expect(first.brokenBlocks).toEqual([{ index: 0, runs: ['Type <1>', 'here'] }]);
      const second = applyTranslations(story.inputs, literal, texts, { blocks: first.brokenBlocks, translations: ['Tippe <1>', 'hier'] });
      expect(second.content['story-content']?.value).toEqual([{ type: 'text', value: '<p>Tippe &lt;1&gt; <b>hier</b></p>' }]);
    });
  });

  it('walks story content: text items, lists, containers and ordered containers, but not media, references or tables', () => {
    const table = { columns: [{ title: 'Place' }], rows: [{ cells: [{ value: '<p>First</p>' }] }] };
    const items = [
      { type: 'text', value: '<p>Intro</p>', _meta: { anchor: 'intro' } },
      { type: 'list', value: ['<p>One</p>', '<p>Two</p>'] },
      { type: 'quote', value: ['Cold is a state of mind.', 'Anna', { id: 'anna', stencil: 'athlete' }] },
      { type: 'headline', value: { 'headline-text': 'The climb', 'headline-chapter': true } },
      { type: 'image', value: image },
      { type: 'embedded-content', value: { id: 'other', stencil: 'story' } },
      { type: 'table', value: table },
      { type: 'cta-anchor', value: { 'cta-label': 'Jump', 'cta-anchor-target': 'intro' } },
    ];
    const content: StoredContent = { 'story-content': { value: items }, authorship: { value: [{ type: 'author-name', value: 'Photos: Jane Doe' }, { type: 'author-link', value: { id: 'a1', stencil: 'author' } }] } };
    expect(collectTranslatableTexts(story.inputs, content)).toEqual(['Intro', 'One', 'Two', 'Cold is a state of mind.', 'Anna', 'The climb', 'Jump', 'Photos: Jane Doe']);
    const result = marked(story.inputs, content);
    expect(result.content['story-content']?.value).toEqual([
      { type: 'text', value: '<p>«Intro»</p>', _meta: { anchor: 'intro' } },
      { type: 'list', value: ['<p>«One»</p>', '<p>«Two»</p>'] },
      { type: 'quote', value: ['«Cold is a state of mind.»', '«Anna»', { id: 'anna', stencil: 'athlete' }] },
      { type: 'headline', value: { 'headline-text': '«The climb»', 'headline-chapter': true } },
      items[4],
      items[5],
      items[6],
      { type: 'cta-anchor', value: { 'cta-label': '«Jump»', 'cta-anchor-target': 'intro' } },
    ]);
    expect(result.translatedInputs).toEqual(['story-content', 'authorship']);
  });

  it('leaves empty and whitespace-only texts alone and keeps the spacing around a text', () => {
    const content: StoredContent = { title: { value: '   ' }, teaser: { value: '  Cold.\n' }, 'story-content': { value: [{ type: 'text', value: '<p>  </p>' }] } };
    expect(collectTranslatableTexts(story.inputs, content)).toEqual(['Cold.']);
    const result = marked(story.inputs, content);
    expect(result.content).toEqual({ ...content, teaser: { value: '  «Cold.»\n' } });
    expect(result.translatedInputs).toEqual(['teaser']);
  });

  it('does not send addresses, codes and time zones of an event profile', () => {
    const content: StoredContent = {
      title: { value: 'Red Bull Cliff Diving' },
      timezone: { value: 'Europe/Vienna' },
      'country-code': { value: 'AT' },
      'ticket-url': { value: 'https://tickets.example.com' },
      venue: { value: 'Old bridge' },
    };
    expect(collectTranslatableTexts(eventProfile.inputs, content)).toEqual(['Red Bull Cliff Diving', 'Old bridge']);
  });

  it('refuses a list of translations of the wrong length', () => {
    const content: StoredContent = { title: { value: 'One' }, teaser: { value: 'Two' } };
    expect(() => applyTranslations(story.inputs, content, ['Eins'])).toThrow('Fewer translations than texts.');
    expect(() => applyTranslations(story.inputs, content, ['Eins', 'Zwei', 'Drei'])).toThrow('More translations than texts.');
  });

  it('puts back exactly what was collected: an identity translation changes nothing, for any rich text', () => {
    const fragment = fc.oneof(
      fc.constantFrom('<p>', '</p>', '<li>', '</li>', '<br/>', '<strong>', '</strong>', '<em>', '</em>', '<a href="https://x.example/?a=1&amp;b=2">', '</a>', ' ', '\n', '&amp;', '&lt;', '&gt;', '/', '&nbsp;'),
      fc.string({ unit: fc.constantFrom('a', 'b', 'Z', ' ', '.', 'é', '1') }),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 30 }), (parts) => {
        const html = parts.join('');
        const content: StoredContent = { 'story-content': { value: [{ type: 'text', value: html }] } };
        const texts = collectTranslatableTexts(story.inputs, content);
        // Text that only looks like a token breaks its block; those blocks come back through the per-run fallback.
        const first = applyTranslations(story.inputs, content, texts);
        const fallback = { blocks: first.brokenBlocks, translations: first.brokenBlocks.flatMap((block) => block.runs) };
        const result = applyTranslations(story.inputs, content, texts, fallback);
        const back = result.content['story-content']?.value as Array<{ value: string }>;
        expect(tagsOf(back[0]?.value ?? '')).toEqual(tagsOf(html));
        expect(result.brokenBlocks).toEqual([]);
        expect(texts.every((text) => text.trim() === text && text !== '')).toBe(true);
      }),
    );
  });
});
