import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INPUT_TYPES, type InputConstraints, type InputDefinition, type InputType } from '../asset/inputs.ts';
import { matchesPattern, validateContent, validateInput } from './validateInput.ts';

function buildInput(name: string, type: InputType, constraints?: InputConstraints, rest: Partial<InputDefinition> = {}): InputDefinition {
  return { name, type, view: { label: name }, ...(constraints ? { constraints } : {}), ...rest };
}

const REQUIRED = 'This field is required.';
const CHARACTERS = 'The number of characters is not in the allowed range.';
const PATTERN = 'Does not match required pattern or contains invalid character.';
const OPTION = 'The selected option is not supported in this field.';
const PROVIDER = 'The selected provider is not supported in this field.';
const STENCIL = 'The selected asset type is not supported in this field.';

type Case = [name: string, input: InputDefinition, value: unknown, errors: [path: string, message: string][]];

function expectErrors(input: InputDefinition, value: unknown, errors: [string, string][]) {
  expect(validateInput(input, value, input.name)).toEqual(errors.map(([path, message]) => ({ path, message })));
}

const person = { id: 'p1', stencil: 'person' };
const video = { id: 'v1', stencil: 'video' };
const image = (provider: string) => ({ provider, referenceId: 'r1' });

describe('required (spec 000 §5)', () => {
  const title = buildInput('title', 'text', { required: true });
  it.each<Case>([
    ['undefined', title, undefined, [['title', REQUIRED]]],
    ['null', title, null, [['title', REQUIRED]]],
    ['an empty string', title, '', [['title', REQUIRED]]],
    ['a value', title, 'Hi', []],
    ['an optional empty field', buildInput('title', 'text'), undefined, []],
    ['NaN in a number', buildInput('year', 'number', { required: true }), Number.NaN, [['year', REQUIRED]]],
    ['zero in a number', buildInput('year', 'number', { required: true }), 0, []],
    ['false in a checkbox', buildInput('standalone', 'checkbox', { required: true }), false, []],
    ['an empty list', buildInput('tags', 'text', { required: true }, { multiple: true }), [], [['tags', REQUIRED]]],
    ['a list of undefined', buildInput('tags', 'text', { required: true }, { multiple: true }), [undefined, null], [['tags', REQUIRED]]],
    ['a list of empty rows', buildInput('tags', 'text', { required: true }, { multiple: true }), ['', ''], [['tags', REQUIRED]]],
    ['a list with one value', buildInput('tags', 'text', { required: true }, { multiple: true }), ['', 'a'], []],
    ['rich text without text', buildInput('teaser', 'rich-text', { required: true }), '<p></p>', [['teaser', REQUIRED]]],
    ['rich text of spaces', buildInput('teaser', 'rich-text', { required: true }), '<p>&nbsp; </p>', [['teaser', REQUIRED]]],
    ['rich text with text', buildInput('teaser', 'rich-text', { required: true }), '<p>x</p>', []],
    ['a table without rows', buildInput('table', 'table', { required: true }), { columns: [{ title: 'A' }], rows: [] }, [['table', REQUIRED]]],
    ['an empty reference', buildInput('main', 'asset', { required: true }), undefined, [['main', REQUIRED]]],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });
});

describe('min and max (spec 000 §5: numbers and arrays of numbers)', () => {
  const rating = buildInput('rating', 'number', { min: 0, max: 10 });
  const ratings = buildInput('ratings', 'number', { min: 0, max: 10 }, { multiple: true });
  it.each<Case>([
    ['a value in range', rating, 10, []],
    ['the minimum', rating, 0, []],
    ['a value above max', rating, 10.5, [['rating', 'The value needs to be 10 or smaller.']]],
    ['a value below min', rating, -1, [['rating', 'The value needs to be 0 or bigger.']]],
    ['a list in range', ratings, [0, 5, 10], []],
    [
      'a list with values out of range',
      ratings,
      [1, 20, -5],
      [
        ['ratings.1', 'The value needs to be 10 or smaller.'],
        ['ratings.2', 'The value needs to be 0 or bigger.'],
      ],
    ],
    ['an empty optional number', rating, undefined, []],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });
});

describe('minLength and maxLength on text (spec 000 §5: counted with markup stripped)', () => {
  const title = buildInput('title', 'text', { minLength: 3, maxLength: 5 });
  const teaser = buildInput('teaser', 'rich-text', { minLength: 3, maxLength: 5 });
  it.each<Case>([
    ['text within range', title, 'abcde', []],
    ['text too long', title, 'abcdef', [['title', CHARACTERS]]],
    ['text too short', title, 'ab', [['title', CHARACTERS]]],
    ['empty optional text with minLength', title, '', []],
    ['rich text within range because markup does not count', teaser, '<p><strong>abcde</strong></p>', []],
    ['an entity counts as one character', teaser, '<p>a&amp;b&nbsp;c</p>', []],
    ['rich text too long', teaser, '<p>abc</p><p>def</p>', [['teaser', CHARACTERS]]],
    ['rich text too short', teaser, '<p>ab</p>', [['teaser', CHARACTERS]]],
    ['plain text is not markup', buildInput('title', 'text', { maxLength: 5 }), '<b>x</b>', [['title', CHARACTERS]]],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });
});

describe('item counts (spec 000 §5 maxLength on item count, 002 §5 container minLength)', () => {
  const fact = buildInput('fact-title', 'text');
  const facts = buildInput('facts', 'container', { minLength: 2, maxLength: 3, properties: [fact] }, { multiple: true });
  const images = buildInput('images', 'image', { minLength: 3 }, { multiple: true });
  const tags = buildInput('tags', 'text', { maxLength: 2 }, { multiple: true });
  it.each<Case>([
    ['a list within maxLength', tags, ['a', 'b'], []],
    ['a list above maxLength', tags, ['a', 'b', 'c'], [['tags', 'The value needs to be 2 or smaller.']]],
    ['maxLength counts items, not characters, on a list', tags, ['a long tag'], []],
    ['empty rows do not count', tags, ['a', undefined, 'b', ''], []],
    ['a container with too few items', facts, [{ 'fact-title': 'A' }], [['facts', 'At least 2 items are required']]],
    ['a container with enough items', facts, [{ 'fact-title': 'A' }, { 'fact-title': 'B' }], []],
    [
      'a container with too many items',
      facts,
      [{ 'fact-title': 'A' }, { 'fact-title': 'B' }, { 'fact-title': 'C' }, { 'fact-title': 'D' }],
      [['facts', 'The value needs to be 3 or smaller.']],
    ],
    ['too few images', images, [image('cloudinary'), image('cloudinary')], [['images', 'At least 3 images are required']]],
    ['an empty optional container', facts, [], []],
    [
      'the fact-content-text limit of 3 (spec 000 §9)',
      buildInput('fact-content-text', 'rich-text', undefined, { multiple: true }),
      ['<p>1</p>', '<p>2</p>', '<p>3</p>', '<p>4</p>'],
      [['fact-content-text', 'The value needs to be 3 or smaller.']],
    ],
    [
      'the interview-answer-text limit of 2 (spec 000 §9)',
      buildInput('interview-answer-text', 'rich-text', undefined, { multiple: true }),
      ['a', 'b', 'c'],
      [['interview-answer-text', 'The value needs to be 2 or smaller.']],
    ],
    [
      'the tip-content-text limit of 2 (spec 000 §9)',
      buildInput('tip-content-text', 'rich-text', undefined, { multiple: true }),
      ['a', 'b', 'c'],
      [['tip-content-text', 'The value needs to be 2 or smaller.']],
    ],
    [
      'a maxLength constraint overrides a text-block limit',
      buildInput('tip-content-text', 'rich-text', { maxLength: 4 }, { multiple: true }),
      ['a', 'b', 'c'],
      [],
    ],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });

  it('counts a required container with no items as one error (spec 002 §5)', () => {
    const required = buildInput('facts', 'container', { required: true, minLength: 2, properties: [buildInput('fact-title', 'text', { required: true })] }, { multiple: true });
    for (const value of [undefined, [], [{}], [{ 'fact-title': '' }, {}]]) {
      expect(validateInput(required, value, 'facts')).toEqual([{ path: 'facts', message: REQUIRED }]);
    }
  });
});

describe('pattern (spec 000 §5: must match the whole value)', () => {
  it.each([
    ['[a-z]+', 'abc', true],
    ['[a-z]+', 'abc1', false],
    ['[a-z]+', '1abc', false],
    ['^[a-z]+$', 'abc', true],
    ['^[a-z]+$', 'abc1', false],
    ['a|ab', 'ab', true],
    ['^a|b$', 'ab', false],
    ['^a|b$', 'b', true],
    ['ab', 'xaby', false],
    ['\\$', '$', true],
    ['[0-9]+\\$', '12$', true],
    ['\\\\$', '\\', true],
    ['[$]', '$', true],
    ['(', '(', false],
  ])('%s on %j matches: %s', (pattern, value, expected) => {
    expect(matchesPattern(value, pattern)).toBe(expected);
  });

  it.each<Case>([
    ['a matching slug', buildInput('uri-slug', 'text', { pattern: '[a-z0-9-]+' }), 'my-story', []],
    ['a slug with a space', buildInput('uri-slug', 'text', { pattern: '[a-z0-9-]+' }), 'my story', [['uri-slug', PATTERN]]],
    ['a partial match', buildInput('code', 'text', { pattern: '[A-Z]{2}' }), 'ATX', [['code', PATTERN]]],
    ['rich text is matched without markup', buildInput('teaser', 'rich-text', { pattern: '[a-z ]+' }), '<p>ab c</p>', []],
    ['each list item', buildInput('codes', 'text', { pattern: '[A-Z]{2}' }, { multiple: true }), ['AT', 'ATX'], [['codes.1', PATTERN]]],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });
});

describe('options, providers and stencils (spec 000 §5)', () => {
  const options = [
    { value: 'landscape', label: 'Landscape' },
    { value: 'portrait', label: 'Portrait' },
  ];
  it.each<Case>([
    ['a supported option', buildInput('orientation', 'select', { options }), 'portrait', []],
    ['an unsupported option', buildInput('orientation', 'select', { options }), 'square', [['orientation', OPTION]]],
    ['options of a list', buildInput('orientations', 'select', { options }, { multiple: true }), ['portrait', 'square'], [['orientations.1', OPTION]]],
    ['a supported provider', buildInput('hero', 'image', { providers: ['cloudinary'] }), image('cloudinary'), []],
    ['an unsupported provider', buildInput('hero', 'image', { providers: ['cloudinary'] }), image('rbmn'), [['hero', PROVIDER]]],
    ['a service provider', buildInput('embed', 'service', { providers: ['youtube'] }), image('vimeo'), [['embed', PROVIDER]]],
    ['a mime:image provider', buildInput('logo', 'mime:image', { providers: ['cloudinary'] }), image('x'), [['logo', PROVIDER]]],
    ['any provider without a constraint', buildInput('hero', 'image'), image('rbmn'), []],
    ['a supported stencil', buildInput('related', 'asset', { stencils: ['person', 'team'] }), person, []],
    ['an unsupported stencil', buildInput('related', 'asset', { stencils: ['person'] }), video, [['related', STENCIL]]],
    ['a child reference', buildInput('episodes', 'child-ref', { stencils: ['episode'] }, { multiple: true }), [video], [['episodes.0', STENCIL]]],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });
});

const text = buildInput('text', 'rich-text', { maxLength: 10 });
const imageChoice = buildInput('image', 'image', { providers: ['cloudinary'] });
const tipContent = buildInput('tip-content', 'container', {
  properties: [
    buildInput('tip-content-text', 'rich-text', undefined, { multiple: true }),
    buildInput('tip-content-author', 'text'),
    buildInput('tip-content-link', 'asset', { stencils: ['person'] }),
  ],
});
const storyContent = buildInput('story-content', 'one-of-container', { oneOfProperties: [text, imageChoice, tipContent] }, { multiple: true });

describe('one-of containers (spec 000 §5: a one-of container must have a value)', () => {
  it.each<Case>([
    ['blocks with values', storyContent, [{ type: 'text', value: '<p>Hi</p>' }, { type: 'image', value: image('cloudinary') }], []],
    ['a block without a value', storyContent, [{ type: 'text', value: '<p>Hi</p>' }, { type: 'image' }], [['story-content.1', REQUIRED]]],
    ['a text block without text', storyContent, [{ type: 'text', value: '<p></p>' }], [['story-content.0', REQUIRED]]],
    ['a block breaking its own rule', storyContent, [{ type: 'text', value: '<p>far too long</p>' }], [['story-content.0.text', CHARACTERS]]],
    ['a block with an unsupported provider', storyContent, [{ type: 'image', value: image('x') }], [['story-content.0.image', PROVIDER]]],
    ['a required one-of without a choice', buildInput('cta', 'one-of-container', { required: true, oneOfProperties: [text] }), {}, [['cta', REQUIRED]]],
    ['a required one-of with a choice but no value', buildInput('cta', 'one-of-container', { required: true, oneOfProperties: [text] }), { type: 'text', value: '' }, [['cta', REQUIRED]]],
    ['an optional one-of left empty', buildInput('cta', 'one-of-container', { oneOfProperties: [text] }), undefined, []],
    ['an optional one-of with a choice but no value', buildInput('cta', 'one-of-container', { oneOfProperties: [text] }), { type: 'text' }, [['cta', REQUIRED]]],
    ['an unknown choice is left to the shape check', storyContent, [{ type: 'video', value: 'x' }], []],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });
});

const tip = (content: Record<string, unknown>) => [{ type: 'tip-content', value: { 'tip-content-text': ['<p>Tip</p>'], ...content } }];

describe('tip-content (spec 000 §5: both author and link, or neither)', () => {
  it.each<Case>([
    ['neither author nor link', storyContent, tip({}), []],
    ['author and link', storyContent, tip({ 'tip-content-author': 'Ann', 'tip-content-link': person }), []],
    ['an author without a link', storyContent, tip({ 'tip-content-author': 'Ann' }), [['story-content.0.tip-content.tip-content-link', REQUIRED]]],
    ['a link without an author', storyContent, tip({ 'tip-content-link': person }), [['story-content.0.tip-content.tip-content-author', REQUIRED]]],
    ['a link of the wrong stencil', storyContent, tip({ 'tip-content-author': 'Ann', 'tip-content-link': video }), [['story-content.0.tip-content.tip-content-link', STENCIL]]],
    [
      'an ordered tip-content',
      buildInput('tip-content', 'ordered-container', { orderedProperties: [buildInput('tip-text', 'rich-text'), buildInput('author', 'text'), buildInput('link', 'asset')] }),
      ['<p>Tip</p>', '', person],
      [['tip-content.1', REQUIRED]],
    ],
    [
      'a required link reports itself once',
      buildInput('tip-content', 'container', { properties: [buildInput('author', 'text'), buildInput('link', 'asset', { required: true })] }),
      { author: 'Ann' },
      [['tip-content.link', REQUIRED]],
    ],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });
});

describe('containers (children validated recursively)', () => {
  const facts = buildInput('facts', 'container', { properties: [buildInput('fact-title', 'text', { required: true }), buildInput('fact-text', 'rich-text', { maxLength: 5 })] }, { multiple: true });
  const quote = buildInput('quote', 'ordered-container', {
    required: true,
    orderedProperties: [buildInput('quote-text', 'rich-text', { required: true }), buildInput('quote-author', 'text'), buildInput('quote-author-link', 'asset', { stencils: ['person'] })],
  });
  const author = buildInput('author-box', 'container', { properties: [buildInput('name', 'text', { required: true }), buildInput('role', 'text')] });
  it.each<Case>([
    ['a container item missing a child', facts, [{ 'fact-title': 'A', 'fact-text': 'x' }, { 'fact-text': 'y' }], [['facts.1.fact-title', REQUIRED]]],
    ['a container item breaking a child rule', facts, [{ 'fact-title': 'A', 'fact-text': '<p>too long</p>' }], [['facts.0.fact-text', CHARACTERS]]],
    ['an ordered container by index', quote, ['', 'Ann', video], [['quote.0', REQUIRED], ['quote.2', STENCIL]]],
    ['a complete ordered container', quote, ['<p>Quote</p>', 'Ann', person], []],
    ['a required ordered container left empty', quote, [undefined, '', undefined], [['quote', REQUIRED]]],
    ['an optional container left empty', author, { name: '', role: undefined }, []],
    ['an optional container partly filled', author, { role: 'Editor' }, [['author-box.name', REQUIRED]]],
    ['inherited property names are not values', buildInput('box', 'container', { properties: [buildInput('constructor', 'text', { required: true }), buildInput('x', 'text')] }), { x: 'y' }, [['box.constructor', REQUIRED]]],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });
});

describe('authorship (spec 002 §5: required; each entry validated on its own)', () => {
  const authorship = buildInput('authorship', 'one-of-container', { oneOfProperties: [buildInput('author-name', 'text', { maxLength: 20 }), buildInput('author', 'asset', { stencils: ['person'] })] }, { multiple: true });
  it.each<Case>([
    ['no authorship', authorship, undefined, [['authorship', REQUIRED]]],
    ['an empty list', authorship, [], [['authorship', REQUIRED]]],
    ['a text entry and a linked entry', authorship, [{ type: 'author-name', value: 'Ann' }, { type: 'author', value: person }], []],
    [
      'each entry on its own',
      authorship,
      [{ type: 'author', value: video }, undefined, { type: 'author-name', value: 'Jane' }, { type: 'author-name', value: '' }],
      [['authorship.0.author', STENCIL], ['authorship.1', REQUIRED], ['authorship.3', REQUIRED]],
    ],
    ['a text entry too long', authorship, [{ type: 'author-name', value: 'A name that is far too long' }], [['authorship.0.author-name', CHARACTERS]]],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });
});

describe('results tables (spec 002 §5)', () => {
  const results = buildInput('results', 'results-table', { required: true });
  const columns = [{ name: 'rank', title: 'Rank' }, { name: 'person', title: 'Person' }, { name: 'mainResult', title: 'Result' }];
  it.each<Case>([
    ['a complete table', results, { title: 'Final', columns, rows: [{ cells: [{ value: '1' }, { value: 'Ann' }, { value: '9.1' }] }] }, []],
    ['an empty title', results, { title: '', columns, rows: [{ cells: [{ value: '1' }, { value: 'Ann' }, { value: '9.1' }] }] }, [['results.title', REQUIRED]]],
    ['an empty required cell', results, { title: 'T', columns, rows: [{ cells: [{ value: '1' }, { value: '' }, { value: '9.1' }] }] }, [['results.rows.0.person', REQUIRED]]],
    ['a table not yet created', results, { title: '', columns, rows: [] }, [['results', REQUIRED]]],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });
});

/** A rich text linking to `url` as the editor writes it. */
const linked = (url: string) => `<p>Read <a href="${url}" target="_blank" rel="noopener noreferrer nofollow">more</a>.</p>`;

describe('external URLs (spec 000 §5 external URL check)', () => {
  const URL_EMPTY = 'Please enter an URL!';
  const URL_SCHEME = 'Please begin external links with "http://" or "https://"!';
  const URL_INVALID = 'Please enter a valid URL!';
  const PRIVATE_ADDRESSES = [
    'http://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://10.0.0.1/',
    'http://192.168.1.20:8080/admin',
    'http://172.16.0.1/',
    'http://localhost/',
    'http://LOCALHOST:3000/',
    'http://intranet.localhost/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f000001/',
    'http://0x7f.0.0.1/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fe80::1]/',
    'http://0.0.0.0/',
    'https://user:secret@example.com/',
    'https://intranet/',
  ];
  const PUBLIC_ADDRESSES = ['https://www.redbull.com/int-en/energydrink', 'http://example.com/path?q=1&r=2#top', 'https://93.184.216.34/', 'https://[2606:4700:4700::1111]/'];
  const website = buildInput('website', 'text', { pattern: '^https?://[^\\s]+$' }, { view: { label: 'Website', style: 'url' } });
  const href = buildInput('cta-url-href', 'text', { required: true, pattern: '^https?://[^\\s]+$' }, { view: { label: 'Address', style: 'url' } });
  const links = buildInput('links', 'text', undefined, { multiple: true, view: { label: 'Links', style: 'url' } });
  const body = buildInput('body', 'rich-text', { required: true });
  const paragraphs = buildInput('paragraphs', 'rich-text', undefined, { multiple: true });

  it.each(PRIVATE_ADDRESSES)('refuses %s in a URL input and in a rich-text link', (address) => {
    expectErrors(website, address, [['website', URL_INVALID]]);
    expectErrors(href, address, [['cta-url-href', URL_INVALID]]);
    expectErrors(body, linked(address), [['body', URL_INVALID]]);
    expectErrors(body, linked(address.replaceAll('.', '&#46;')), [['body', URL_INVALID]]);
  });

  it.each(PUBLIC_ADDRESSES)('accepts %s in a URL input and in a rich-text link', (address) => {
    expectErrors(website, address, []);
    expectErrors(body, linked(address.replaceAll('&', '&amp;')), []);
  });

  it.each<Case>([
    ['a URL input without a scheme: the check\'s message, not the pattern\'s', website, 'www.example.com', [['website', URL_SCHEME]]],
    ['a URL input of another scheme', website, 'ftp://example.com/', [['website', URL_SCHEME]]],
    ['a URL input of spaces', website, '  ', [['website', URL_EMPTY]]],
    ['an empty optional URL input', website, '', []],
    ['an empty required URL input', href, undefined, [['cta-url-href', REQUIRED]]],
    ['a text input not marked as a URL', buildInput('source-name', 'text'), 'http://127.0.0.1/', []],
    ['each item of a list of URLs', links, ['https://example.com/', 'http://10.0.0.1/', '', 'mailto:a@example.com'], [['links.1', URL_INVALID], ['links.3', URL_SCHEME]]],
    ['an internal link in rich text', body, '<p><a href="/api/v1/assets/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d">x</a></p>', []],
    ['a javascript link in rich text', body, linked('javascript:alert(1)'), [['body', URL_SCHEME]]],
    ['one error for several bad links in one text', body, `${linked('http://127.0.0.1/')}${linked('http://10.0.0.1/')}`, [['body', URL_INVALID]]],
    ['a link without text in optional rich text', buildInput('teaser', 'rich-text'), '<p><a href="http://127.0.0.1/"></a></p>', [['teaser', URL_INVALID]]],
    ['a link without text in required rich text', body, '<p><a href="http://127.0.0.1/"></a></p>', [['body', REQUIRED]]],
    ['a bad link beside a pattern error', buildInput('body', 'rich-text', { pattern: '[a-z ]+' }), linked('http://127.0.0.1/'), [['body', URL_INVALID], ['body', PATTERN]]],
    ['rows of a multiple rich text, empty ones included', paragraphs, [linked('https://example.com/'), linked('http://[::1]/'), '<p><a href="http://localhost/"></a></p>'], [['paragraphs.1', URL_INVALID], ['paragraphs.2', URL_INVALID]]],
    ['a list of rich texts without text', paragraphs, ['<p><a href="http://localhost/"></a></p>'], [['paragraphs.0', URL_INVALID]]],
  ])('%s', (_name, input, value, errors) => {
    expectErrors(input, value, errors);
  });

  it('checks URL inputs and links inside containers, at their paths', () => {
    const cta = buildInput('cta-link', 'container', {
      properties: [
        buildInput('cta-label', 'text'),
        buildInput('cta-url', 'ordered-container', { orderedProperties: [buildInput('cta-url-target', 'select'), href] }),
      ],
    });
    const content = buildInput('story-content', 'one-of-container', { oneOfProperties: [buildInput('text', 'rich-text'), cta] }, { multiple: true });
    expectErrors(content, [
      { type: 'text', value: linked('http://169.254.169.254/latest/meta-data/') },
      { type: 'cta-link', value: { 'cta-label': 'Shop', 'cta-url': ['other', 'http://0x7f000001/'] } },
    ], [['story-content.0.text', URL_INVALID], ['story-content.1.cta-link.cta-url.1', URL_INVALID]]);
  });
});

describe('validateContent', () => {
  const stencil = {
    inputs: [
      buildInput('title', 'text', { required: true, maxLength: 10 }),
      buildInput('rating', 'number', { max: 5 }),
      buildInput('toString', 'text', { required: true }),
    ],
  };
  it('validates every input at its name and ignores unknown content', () => {
    expect(validateContent(stencil, { title: 'A far too long title', rating: 9, other: 1 })).toEqual([
      { path: 'title', message: CHARACTERS },
      { path: 'rating', message: 'The value needs to be 5 or smaller.' },
      { path: 'toString', message: REQUIRED },
    ]);
  });

  it('answers no errors for valid content', () => {
    expect(validateContent(stencil, { title: 'Title', rating: 5, toString: 'x' })).toEqual([]);
  });
});

describe('values of the wrong shape', () => {
  const child = buildInput('child', 'text', { required: true, pattern: '[a-z]+' });
  const inputs = INPUT_TYPES.flatMap((type) => {
    const constraints: InputConstraints = { required: true, min: 0, max: 1, minLength: 1, maxLength: 2, pattern: '[a-z]', options: [{ value: 'a', label: 'A' }], stencils: ['s'], providers: ['p'] };
    if (type === 'container') constraints.properties = [child];
    if (type === 'ordered-container') constraints.orderedProperties = [child];
    if (type === 'one-of-container') constraints.oneOfProperties = [child];
    return [buildInput('field', type, constraints), buildInput('field', type, constraints, { multiple: true })];
  });
  it('never throw: they are the shape check\'s to refuse', () => {
    fc.assert(
      fc.property(fc.constantFrom(...inputs), fc.anything({ withNullPrototype: true, withSparseArray: true }), (input, value) => {
        expect(Array.isArray(validateInput(input, value, input.name))).toBe(true);
      }),
    );
  });
});
