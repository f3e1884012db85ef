import { describe, expect, it } from 'vitest';
import type { DateKind, InputConstraints, InputDefinition, InputType } from '../asset/inputs.ts';
import { ALTITUDE_RANGE } from '../geodata/geodata.ts';
import { RICH_TEXT_LENGTH_CAP, TEXT_LENGTH_CAP, acceptedDateForms, checkContentShape, checkValueShape } from './valueShape.ts';

function buildInput(name: string, type: InputType, constraints?: InputConstraints, rest: Partial<InputDefinition> = {}): InputDefinition {
  return { name, type, view: { label: name }, ...(constraints ? { constraints } : {}), ...rest };
}

const date = (value: string, isDateOnly: boolean) => ({ date: value, isDateOnly, timezone: 'Europe/Vienna' });
const dateInput = (name: string, dateKind?: DateKind) => buildInput(name, 'date-time', dateKind ? { dateKind } : undefined);

describe('checkValueShape: simple values (spec 000 §3)', () => {
  it.each<[string, InputDefinition, unknown, string | undefined]>([
    ['text', buildInput('title', 'text'), 'Hi', undefined],
    ['text as a number', buildInput('title', 'text'), 5, 'title: expected text, got number'],
    ['text as a list', buildInput('title', 'text'), ['Hi'], 'title: expected text, got array'],
    ['text as an object', buildInput('title', 'text'), { text: 'Hi' }, 'title: expected text, got object'],
    ['undefined', buildInput('title', 'text'), undefined, undefined],
    ['null', buildInput('title', 'text'), null, undefined],
    ['rich text as a boolean', buildInput('teaser', 'rich-text'), true, 'teaser: expected rich-text, got boolean'],
    ['a number', buildInput('rating', 'number'), 4.5, undefined],
    ['NaN, which is empty', buildInput('rating', 'number'), Number.NaN, undefined],
    ['a number as a string', buildInput('rating', 'number'), '5', 'rating: expected number, got string'],
    ['an infinite number', buildInput('rating', 'number'), Number.POSITIVE_INFINITY, 'rating: expected number, got Infinity'],
    ['a checkbox', buildInput('standalone', 'checkbox'), false, undefined],
    ['a checkbox as a string', buildInput('standalone', 'checkbox'), 'true', 'standalone: expected checkbox, got string'],
    ['a select option that is not offered is a rule, not a shape', buildInput('size', 'select', { options: [{ value: 'S', label: 'S' }] }), 'XXL', undefined],
    ['a select as a number', buildInput('size', 'select'), 1, 'size: expected select, got number'],
    ['a list', buildInput('tags', 'text', undefined, { multiple: true }), ['a', null, 'b'], undefined],
    ['a list as a single value', buildInput('tags', 'text', undefined, { multiple: true }), 'a', 'tags: expected a list of text, got string'],
    ['a list with a wrong item', buildInput('tags', 'text', undefined, { multiple: true }), ['a', 2], 'tags.1: expected text, got number'],
  ])('%s', (_name, input, value, expected) => {
    expect(checkValueShape(input, value)).toBe(expected);
  });
});

describe('checkValueShape: the length caps of texts, whatever their constraints', () => {
  const title = buildInput('title', 'text', { maxLength: 120 });
  const body = buildInput('body', 'rich-text');
  it.each<[string, InputDefinition, unknown, string | undefined]>([
    ['a text at the cap', title, 'a'.repeat(TEXT_LENGTH_CAP), undefined],
    ['a text over the cap', title, 'a'.repeat(TEXT_LENGTH_CAP + 1), `title: expected at most 100000 characters, got ${TEXT_LENGTH_CAP + 1}`],
    ['a 9 MB text', title, 'a'.repeat(9 * 1024 * 1024), 'title: expected at most 100000 characters, got 9437184'],
    ['a select over the cap', buildInput('size', 'select'), 'S'.repeat(TEXT_LENGTH_CAP + 1), `size: expected at most 100000 characters, got ${TEXT_LENGTH_CAP + 1}`],
    ['a list item over the cap', buildInput('tags', 'text', undefined, { multiple: true }), ['a', 'b'.repeat(TEXT_LENGTH_CAP + 1)], `tags.1: expected at most 100000 characters, got ${TEXT_LENGTH_CAP + 1}`],
    ['rich text over the text cap but within its own', body, `<p>${'a'.repeat(TEXT_LENGTH_CAP * 2)}</p>`, undefined],
    ['rich text at its cap, markup included', body, `<p>${'a'.repeat(RICH_TEXT_LENGTH_CAP - 7)}</p>`, undefined],
    ['rich text over its cap, markup included', body, `<p>${'a'.repeat(RICH_TEXT_LENGTH_CAP - 6)}</p>`, `body: expected at most 1000000 characters, got ${RICH_TEXT_LENGTH_CAP + 1}`],
  ])('%s', (_name, input, value, expected) => {
    expect(checkValueShape(input, value)).toBe(expected);
  });

  it('caps texts inside containers, at their path', () => {
    const facts = buildInput('facts', 'container', { properties: [buildInput('fact-title', 'text')] });
    expect(checkValueShape(facts, { 'fact-title': 'x'.repeat(TEXT_LENGTH_CAP + 1) })).toBe(`facts.fact-title: expected at most 100000 characters, got ${TEXT_LENGTH_CAP + 1}`);
  });
});

describe('checkValueShape: structured values (spec 000 §3, 002 §3)', () => {
  const columns = [{ title: 'A' }, { title: 'B' }];
  it.each<[string, InputDefinition, unknown, string | undefined]>([
    ['a reference', buildInput('related', 'asset'), { id: 'a1', stencil: 'person' }, undefined],
    ['a media value', buildInput('hero', 'image'), { provider: 'cloudinary', referenceId: 'r1', width: 10 }, undefined],
    ['geodata', buildInput('location', 'geodata'), { latitude: 47.8, longitude: 13.0 }, undefined],
    ['a table', buildInput('table', 'table'), { columns, rows: [{ cells: [{ value: 'a' }, { value: 'b' }] }] }, undefined],
    ['a table row of the wrong width', buildInput('table', 'table'), { columns, rows: [{ cells: [{ value: 'a' }, { value: 'b' }] }, { cells: [{ value: 'a' }] }] }, 'table: row 1 has 1 cells for 2 columns'],
    ['a results table', buildInput('results', 'results-table'), { title: 'T', columns: [{ name: 'rank', title: 'Rank' }], rows: [{ cells: [{ value: 1 }] }] }, undefined],
    ['a results table row of the wrong width', buildInput('results', 'results-table'), { title: 'T', columns: [{ name: 'rank', title: 'Rank' }], rows: [{ cells: [] }] }, 'results: row 0 has 0 cells for 1 columns'],
  ])('%s', (_name, input, value, expected) => {
    expect(checkValueShape(input, value)).toBe(expected);
  });

  it.each<[string, InputDefinition, unknown, RegExp]>([
    ['a reference without stencil', buildInput('related', 'asset'), { id: 'a1' }, /^related: expected asset, stencil: /],
    ['a reference as a string', buildInput('related', 'child-ref'), 'a1', /^related: expected child-ref, /],
    ['a media value without reference id', buildInput('hero', 'image'), { provider: 'cloudinary' }, /^hero: expected image, referenceId: /],
    ['a media value with an unknown field', buildInput('embed', 'service'), { provider: 'youtube', referenceId: 'x', foo: 1 }, /^embed: expected service, /],
    ['geodata out of range', buildInput('location', 'geodata'), { latitude: 100, longitude: 0 }, /^location: expected geodata, latitude: /],
    ['a results table without title', buildInput('results', 'results-table'), { columns: [], rows: [] }, /^results: expected results-table, title: /],
    ['a date value without time zone', buildInput('start', 'date-time'), { date: '2026-05-01', isDateOnly: true }, /^start: expected date-time, timezone: /],
  ])('%s', (_name, input, value, expected) => {
    expect(checkValueShape(input, value)).toMatch(expected);
  });
});

describe('checkValueShape: dates (spec 000 §5: event dates accept a date, or a date and time)', () => {
  it.each<[string, InputDefinition, unknown, string | undefined]>([
    ['a date in a date-or-date-time field', dateInput('start', 'DATE_OR_DATETIME'), date('2026-05-01', true), undefined],
    ['a date and time in a date-or-date-time field', dateInput('start', 'DATE_OR_DATETIME'), date('2026-05-01T10:00:00Z', false), undefined],
    ['a date in a field without kind', dateInput('start'), date('2026-05-01', true), undefined],
    ['a date in a date-time field', dateInput('start', 'DATETIME'), date('2026-05-01', true), 'start: expected a date and time, got a date'],
    ['a date and time in a date field', dateInput('birthday', 'DATE'), date('2026-05-01T10:00', false), 'birthday: expected a date, got a date and time'],
    ['a date in event-start-date of kind DATETIME', dateInput('event-start-date', 'DATETIME'), date('2026-05-01', true), undefined],
    ['a date and time in event-end-date of kind DATE', dateInput('event-end-date', 'DATE'), date('2026-05-01T18:30:00+02:00', false), undefined],
    ['a date and time with milliseconds', dateInput('start'), date('2026-05-01T10:00:00.123Z', false), undefined],
    ['an impossible date', dateInput('start'), date('2026-02-30', true), 'start: expected an ISO-8601 date, got "2026-02-30"'],
    ['an impossible time', dateInput('start'), date('2026-02-03T24:00:00Z', false), 'start: expected an ISO-8601 date, got "2026-02-03T24:00:00Z"'],
    ['a date that is not ISO-8601', dateInput('start'), date('01.05.2026', true), 'start: expected an ISO-8601 date, got "01.05.2026"'],
    ['a leap day', dateInput('start'), date('2028-02-29', true), undefined],
  ])('%s', (_name, input, value, expected) => {
    expect(checkValueShape(input, value)).toBe(expected);
  });

  it.each<[string, DateKind | undefined, { dateOnly: boolean; dateTime: boolean }]>([
    ['start', 'DATE', { dateOnly: true, dateTime: false }],
    ['start', 'DATETIME', { dateOnly: false, dateTime: true }],
    ['start', 'DATE_OR_DATETIME', { dateOnly: true, dateTime: true }],
    ['start', undefined, { dateOnly: true, dateTime: true }],
    ['event-start-date', 'DATETIME', { dateOnly: true, dateTime: true }],
    ['event-end-date', 'DATE', { dateOnly: true, dateTime: true }],
  ])('%s of kind %s accepts %j', (name, kind, expected) => {
    expect(acceptedDateForms(dateInput(name, kind))).toEqual(expected);
  });
});

describe('checkValueShape: containers', () => {
  const box = buildInput('box', 'container', { properties: [buildInput('name', 'text'), buildInput('age', 'number')] });
  const facts = buildInput('facts', 'container', { properties: [buildInput('fact-title', 'text')] }, { multiple: true });
  const quote = buildInput('quote', 'ordered-container', { orderedProperties: [buildInput('quote-text', 'rich-text'), buildInput('quote-author', 'text'), buildInput('quote-link', 'asset')] });
  const story = buildInput('story-content', 'one-of-container', { oneOfProperties: [buildInput('text', 'rich-text'), buildInput('image', 'image')] }, { multiple: true });
  it.each<[string, InputDefinition, unknown, string | undefined]>([
    ['a container', box, { name: 'Ann', age: 3 }, undefined],
    ['a container with missing children', box, {}, undefined],
    ['a container with an unknown child', box, { name: 'Ann', nickname: 'A' }, 'box: unknown property "nickname"'],
    ['a container child of the wrong type', box, { age: '3' }, 'box.age: expected number, got string'],
    ['a container as a list', box, [], 'box: expected container, got array'],
    ['a container list item of the wrong type', facts, [{ 'fact-title': 'a' }, { 'fact-title': 1 }], 'facts.1.fact-title: expected text, got number'],
    ['an ordered container', quote, ['<p>Q</p>', 'Ann', { id: 'p', stencil: 'person' }], undefined],
    ['a shorter ordered container', quote, ['<p>Q</p>'], undefined],
    ['an ordered container with too many items', quote, ['a', 'b', undefined, 'd'], 'quote: expected at most 3 items, got 4'],
    ['an ordered container item of the wrong type', quote, ['a', 5], 'quote.1: expected text, got number'],
    ['an ordered container as an object', quote, { 0: 'a' }, 'quote: expected ordered-container, got object'],
    ['one-of blocks', story, [{ type: 'text', value: '<p>a</p>' }, { type: 'image', value: { provider: 'p', referenceId: 'r' }, _meta: { urlFragment: 'a' } }], undefined],
    ['a one-of type that is not a choice', story, [{ type: 'video', value: 'x' }], 'story-content.0: "video" is not a choice of story-content'],
    ['a one-of value of the wrong type', story, [{ type: 'text', value: 5 }], 'story-content.0.text: expected rich-text, got number'],
    ['a one-of with an unknown key', story, [{ type: 'text', value: 'x', extra: 1 }], 'story-content.0: unknown property "extra"'],
    ['a one-of with a _meta that is not an object', story, [{ type: 'text', value: 'x', _meta: 'a' }], 'story-content.0: expected _meta to be an object'],
    ['a one-of without a choice', story, [{}], undefined],
    ['a one-of value without a type', story, [{ value: 'x' }], 'story-content.0: a value without a type'],
    ['a one-of as a string', story, ['x'], 'story-content.0: expected one-of-container, got string'],
  ])('%s', (_name, input, value, expected) => {
    expect(checkValueShape(input, value)).toBe(expected);
  });
});

const media = (referenceId: string, provider = 'cloudinary') => ({ provider, referenceId });

describe('checkValueShape: the ids media values and references name (spec 000 §3, 002 §3)', () => {
  const climbing = '../../etc/passwd';
  /** The start of the message: the id's path and the id as written. */
  const refused = (path: string, id = climbing) => `${path}: ${JSON.stringify(id)} is not an id: `;
  const story = buildInput('story-content', 'one-of-container', {
    oneOfProperties: [
      buildInput('image', 'image'),
      buildInput('video', 'service'),
      buildInput('audio', 'service'),
      buildInput('image-gallery', 'asset'),
      buildInput('couple', 'container', { properties: [buildInput('couple-left-image', 'image'), buildInput('couple-right-image', 'image')] }),
      buildInput('cta-fullscreen-engagement', 'container', { properties: [buildInput('cta-engagement', 'service')] }),
    ],
  }, { multiple: true });
  it.each<[string, InputDefinition, unknown, string]>([
    ['a hero image', buildInput('hero-image', 'image'), media(climbing), refused('hero-image.referenceId')],
    ['an uploaded image (mime:image)', buildInput('file', 'mime:image'), media('/etc/passwd'), refused('file.referenceId', '/etc/passwd')],
    ['a video', buildInput('video', 'service'), media(climbing, 'rbmn-video'), refused('video.referenceId')],
    ['a podcast audio', buildInput('audio', 'service'), media('..\\..\\boot.ini', 'rbmn-audio'), refused('audio.referenceId', '..\\..\\boot.ini')],
    ['an embed', buildInput('embed', 'service'), media('%2e%2e%2fadmin', 'giphy'), refused('embed.referenceId', '%2e%2e%2fadmin')],
    ['the asset id an archive image carries', buildInput('image', 'image'), { ...media('a1'), attributes: { assetId: climbing } }, refused('image.attributes.assetId')],
    ['a story image element', story, [{ type: 'image', value: media(climbing) }], refused('story-content.0.image.referenceId')],
    ['a story video element', story, [{ type: 'video', value: media(climbing, 'rbmn-video') }], refused('story-content.0.video.referenceId')],
    ['a story audio element', story, [{ type: 'audio', value: media(climbing, 'rbmn-audio') }], refused('story-content.0.audio.referenceId')],
    ['a gallery in a story', story, [{ type: 'image-gallery', value: { id: climbing, stencil: 'image-gallery' } }], refused('story-content.0.image-gallery.id')],
    ['a couple image', story, [{ type: 'couple', value: { 'couple-right-image': media(climbing) } }], refused('story-content.0.couple.couple-right-image.referenceId')],
    ['an engagement', story, [{ type: 'cta-fullscreen-engagement', value: { 'cta-engagement': media(climbing, 'zoe') } }], refused('story-content.0.cta-fullscreen-engagement.cta-engagement.referenceId')],
    ['the images of a gallery', buildInput('images', 'asset', undefined, { multiple: true }), [{ id: 'img-1', stencil: 'image' }, { id: climbing, stencil: 'image' }], refused('images.1.id')],
    ['a child reference', buildInput('seasons', 'child-ref', undefined, { multiple: true }), [{ id: climbing, stencil: 'season' }], refused('seasons.0.id')],
    ['an asset in a results table', buildInput('results', 'results-table'), { title: 'T', columns: [{ name: 'who', title: 'Who' }], rows: [{ cells: [{ value: { id: climbing, stencil: 'athlete' } }] }] }, refused('results.rows.0.cells.0.value.id')],
  ])('refuses the id of %s with a message naming it', (_name, input, value, expected) => {
    expect(checkValueShape(input, value)?.startsWith(expected), checkValueShape(input, value)).toBe(true);
  });

  it.each<[string, InputDefinition, unknown]>([
    ['an image', buildInput('hero-image', 'image'), media('mostar-bridge-3f9a1c')],
    ['an archive video', buildInput('video', 'service'), media('7c1f3a52-0001-4b8e-9a10-5d0a1e000006', 'rbmn-video')],
    ['a Facebook post', buildInput('embed', 'service'), media('redbull/posts/10161234567', 'facebook')],
    ['a composed embed id', buildInput('embed', 'service'), media('clientId=5e1f&liveblogId=65a1f0c2e4b0a1b2c3d4e5f6&themeId=RBCOM', 'tickaroo')],
    ['the images of a gallery', buildInput('images', 'asset', undefined, { multiple: true }), [{ id: '0b8a4d52-5b8e-4c44-9d1c-0f8b6c1f2a10', stencil: 'image' }]],
    ['a results table with text and numbers', buildInput('results', 'results-table'), { title: 'T', columns: [{ name: 'rank', title: 'Rank' }], rows: [{ cells: [{ value: 1 }] }, { cells: [{ value: 'DNF' }] }] }],
  ])('accepts %s', (_name, input, value) => {
    expect(checkValueShape(input, value)).toBeUndefined();
  });
});

describe('checkValueShape: geodata altitude', () => {
  const location = buildInput('geolocation', 'geodata');
  it.each([ALTITUDE_RANGE.min, -430.5, 0, 8848.86, ALTITUDE_RANGE.max])('accepts an altitude of %s m', (altitude) => {
    expect(checkValueShape(location, { latitude: 47.8, longitude: 13.04, altitude })).toBeUndefined();
  });

  it.each([ALTITUDE_RANGE.min - 0.5, ALTITUDE_RANGE.max + 1, 1e9, -1e308])('refuses an altitude of %s m', (altitude) => {
    expect(checkValueShape(location, { latitude: 47.8, longitude: 13.04, altitude })).toBe(`geolocation: altitude is between -11000 and 9000 metres, got ${altitude}`);
  });

  it('needs no altitude', () => {
    expect(checkValueShape(location, { latitude: 47.8, longitude: 13.04 })).toBeUndefined();
  });
});

describe('checkValueShape: addresses that run code', () => {
  const href = buildInput('cta-url-href', 'text', { pattern: '^https?://[^\\s]+$' }, { view: { label: 'Address', style: 'url' } });
  const cta = buildInput('cta-url', 'ordered-container', { orderedProperties: [buildInput('cta-url-target', 'select'), href] });
  it.each([
    ['javascript:alert(document.cookie)', 'javascript'],
    [' JavaScript:alert(1)', 'javascript'],
    ['java\tscript:alert(1)', 'javascript'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'data'],
    ['vbscript:msgbox(1)', 'vbscript'],
  ])('refuses %j in a call to action\'s address', (address, scheme) => {
    expect(checkValueShape(cta, ['custom', address])).toBe(`cta-url.1: a "${scheme}:" address runs code where it is opened and is never stored; enter an http:// or https:// address`);
  });

  it.each(['https://shop.example.com/', 'mailto:desk@example.org', 'www.example.com', 'htps://typo.example'])('leaves %j to the external URL check', (address) => {
    expect(checkValueShape(cta, ['custom', address])).toBeUndefined();
  });

  it('leaves texts that are no addresses alone', () => {
    expect(checkValueShape(buildInput('title', 'text'), 'javascript: the good parts')).toBeUndefined();
  });
});

describe('checkContentShape', () => {
  const stencil = { inputs: [buildInput('title', 'text'), buildInput('rating', 'number')] };
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['valid content', { title: 'T', rating: 1 }, undefined],
    ['partial content', { title: 'T' }, undefined],
    ['an unknown input', { title: 'T', subtitle: 'S' }, 'subtitle: not an input of this stencil'],
    ['a value of the wrong type', { title: 'T', rating: 'high' }, 'rating: expected number, got string'],
  ])('%s', (_name, content, expected) => {
    expect(checkContentShape(stencil, content)).toBe(expected);
  });
});
