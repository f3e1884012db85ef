import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import type { InputDefinition, StencilDefinition } from '@editor/domain';
import { STENCILS_DIR, loadStencils } from '../stencils/loadStencils.ts';
import type { StoredContent } from '../assets/content.ts';
import { applyTranslations, collectTranslatableTexts, isFreeText, mapTranslatableTexts } from './translatableTexts.ts';

const stencils = loadStencils(STENCILS_DIR);
const stencilNamed = (name: string): StencilDefinition => {
  const stencil = stencils.find((entry) => entry.name === name);
  if (!stencil) throw new Error(`no stencil ${name}`);
  return stencil;
};
const story = stencilNamed('story');
const eventProfile = stencilNamed('event-profile');
const marked = (inputs: readonly InputDefinition[], content: StoredContent) => mapTranslatableTexts(inputs, content, (text) => `«${text}»`);
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

  it('keeps rich-text markup character for character and sends only the text between tags', () => {
    const html = '<p>Frozen <strong class="x">waterfalls</strong> all <a href="https://example.com/a?b=1&amp;c=2">winter</a>.</p>\n<p> </p><ul><li>One</li></ul>';
    const content: StoredContent = { 'story-content': { value: [{ type: 'text', value: html }] } };
    expect(collectTranslatableTexts(story.inputs, content)).toEqual(['Frozen', 'waterfalls', 'all', 'winter', '.', 'One']);
    const result = marked(story.inputs, content);
    expect(result.content['story-content']?.value).toEqual([
      { type: 'text', value: '<p>«Frozen» <strong class="x">«waterfalls»</strong> «all» <a href="https://example.com/a?b=1&amp;c=2">«winter»</a>«.»</p>\n<p> </p><ul><li>«One»</li></ul>' },
    ]);
  });

  it('decodes the entities it sends and encodes &, < and > in what comes back', () => {
    const content: StoredContent = { 'story-content': { value: [{ type: 'text', value: '<p>Salt &amp; pepper &lt;3&nbsp;&quot;hot&quot;</p><p>&nbsp;</p>' }] } };
    expect(collectTranslatableTexts(story.inputs, content)).toEqual(['Salt & pepper <3\u00a0"hot"']);
    const result = applyTranslations(story.inputs, content, ['Salz & Pfeffer <3 > "scharf"']);
    expect(result.content['story-content']?.value).toEqual([{ type: 'text', value: '<p>Salz &amp; Pfeffer &lt;3 &gt; "scharf"</p><p>&nbsp;</p>' }]);
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
      fc.constantFrom('<p>', '</p>', '<br/>', '<strong>', '</strong>', '<a href="https://x.example/?a=1&amp;b=2">', '</a>', ' ', '\n', '&amp;', '&lt;', '&nbsp;'),
      fc.string({ unit: fc.constantFrom('a', 'b', 'Z', ' ', '.', 'é', '1') }),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 30 }), (parts) => {
        const html = parts.join('');
        const content: StoredContent = { 'story-content': { value: [{ type: 'text', value: html }] } };
        const texts = collectTranslatableTexts(story.inputs, content);
        const back = applyTranslations(story.inputs, content, texts).content['story-content']?.value as Array<{ value: string }>;
        expect(tagsOf(back[0]?.value ?? '')).toEqual(tagsOf(html));
        expect(texts.every((text) => text.trim() === text && text !== '')).toBe(true);
      }),
    );
  });
});
