import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, previewResponseSchema, type InputDefinition } from '@editor/domain';
import { DIALECTS, EDITOR, startTestApp, type TestApp } from '../../../test/harness.ts';
import { storyElementOf, whenOf } from './storyElements.ts';

const image = (referenceId: string) => ({ provider: 'cloudinary', referenceId });
const story = (items: unknown[]) => ({
  title: { value: 'Every element' },
  teaser: { value: 'All of them' },
  'story-content': { value: items },
  authorship: { value: [{ type: 'author-name', value: 'Jane Doe' }] },
});

describe('schedule dates', () => {
  it.each([
    [{ date: '2026-03-01', isDateOnly: true, timezone: 'Europe/Vienna' }, '1 Mar 2026'],
    [{ date: '2026-03-01T17:30:00Z', isDateOnly: false, timezone: 'Europe/Vienna' }, '1 Mar 2026, 18:30'],
    ['not a date', undefined],
  ])('shows %j as %s', (value, expected) => {
    expect(whenOf(value)).toBe(expected);
  });
});

const choice = (name: string): InputDefinition => ({ name, type: 'container', view: { label: name } });

describe('call-to-action addresses in the preview', () => {
  const context = { items: [], assets: new Map(), imageUrlOf: () => undefined };
  const linkTo = (address: string) => storyElementOf(choice('cta-link'), { type: 'cta-link', value: { 'cta-label': 'Go', 'cta-url': ['custom', address] } }, context);
  const promotionTo = (address: string) =>
    storyElementOf(choice('cta-promotion'), { type: 'cta-promotion', value: { 'cta-promotion-kind': 'e-reader-promotion', 'cta-promotion-url': address } }, context);

  it.each([
    'javascript:alert(document.cookie)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    '//evil.example/phish',
    '/\\evil.example',
    'file:///etc/passwd',
  ])('draws a button that leads nowhere for %j, whatever let it into the content', (address) => {
    expect(linkTo(address)).toEqual({ kind: 'cta', variant: 'cta-link', label: 'Go', href: undefined });
    expect(promotionTo(address)).toEqual({ kind: 'cta', variant: 'cta-promotion', label: 'Read the mag!', href: undefined });
  });

  it.each([
    ['https://shop.example.com/cans?size=L', 'https://shop.example.com/cans?size=L'],
    ['http://example.com', 'http://example.com/'],
    ['mailto:desk@example.org', 'mailto:desk@example.org'],
    ['tel:+43 662 123456', 'tel:+43 662 123456'],
    ['/int-en/shop', '/int-en/shop'],
    ['#tickets', '#tickets'],
  ])('links %j as %j', (address, href) => {
    expect(linkTo(address)).toMatchObject({ href });
    expect(promotionTo(address)).toMatchObject({ href });
  });

  it('never links a button to an address that runs code or leaves the site without naming http(s), mailto or tel', () => {
    const pieces = fc.constantFrom('javascript', 'data', 'vbscript', 'tel', 'mailto', 'http', 's', ':', '/', '\\', '//', '\t', '\n', ' ', '\u0000', 'evil.example', '#', '?', 'alert(1)');
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 3 })), { maxLength: 10 }), (parts) => {
        const element = linkTo(parts.join(''));
        const href = element?.kind === 'cta' ? element.href : undefined;
        if (href === undefined) return;
        const url = new URL(href, 'https://editor.example/preview/t/page');
        expect(['http:', 'https:', 'mailto:', 'tel:'], href).toContain(url.protocol);
        expect(url.origin === 'https://editor.example' || /^(?:https?:\/\/|mailto:|tel:)/.test(href), href).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe.each(DIALECTS)('story elements in the preview (%s)', (dialect) => {
  let t: TestApp;
  let storyId: string;
  let authorId: string;

  const post = async (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: await t.auth(EDITOR), payload });
  async function pageOf(items: unknown[]): Promise<string> {
    const response = await post(`/api/v1/assets/${storyId}/localizations/en/preview`, { content: story(items), id: storyId, stencil: 'story', translations: [] });
    expect(response.statusCode, response.body).toBe(201);
    const { links } = previewResponseSchema.parse(response.json());
    return (await t.app.inject({ method: 'GET', url: `${links.page}?format=desktop&skipTracking=true` })).body;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const created = await post('/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: story([{ type: 'text', value: '<p>Saved</p>' }]) });
    expect(created.statusCode, created.body).toBe(201);
    storyId = created.json().id as string;
    const author = await post('/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=author', { content: { title: { value: 'Ann Author' } } });
    expect(author.statusCode, author.body).toBe(201);
    authorId = author.json().id as string;
  });
  afterAll(async () => {
    await t.close();
  });

  it('has the server report the story rules: a quote with both authors, an anchor whose paragraph is gone (spec 002 §4, §5)', async () => {
    const items = [
      { type: 'quote', value: ['Words', 'Ann', { id: authorId, stencil: 'author' }] },
      { type: 'text', value: '<p>Plain</p>' },
      { type: 'cta-anchor', value: { 'cta-label': 'Jump', 'cta-anchor-target': 'anchor-9' } },
    ];
    const created = await post('/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story', { content: story(items) });
    expect(created.statusCode, created.body).toBe(201);
    const check = await t.app.inject({ method: 'GET', url: `/api/v1/assets/${created.json().id}/localizations/en/publish-check`, headers: await t.auth(EDITOR) });
    expect(check.statusCode, check.body).toBe(200);
    const messages = JSON.stringify(check.json());
    expect(messages).toContain(VALIDATION_MESSAGES.quoteAuthorExclusive);
    expect(messages).toContain(VALIDATION_MESSAGES.anchorParagraphMissing);
    expect(check.json()).toMatchObject({ readyToPublish: false });
  });

  it('gives the anchored paragraph its fragment as id and the button the #fragment link; a chapter headline its id', async () => {
    const page = await pageOf([
      { type: 'headline', value: { 'headline-text': 'The Rules', 'headline-chapter': true } },
      { type: 'text', value: '<p>Rules here</p>', _meta: { anchorKey: 'anchor-1', urlFragment: 'see-the-rules' } },
      { type: 'cta-anchor', value: { 'cta-label': 'See the rules', 'cta-anchor-target': 'anchor-1' } },
      { type: 'cta-anchor', value: { 'cta-label': 'Gone', 'cta-anchor-target': 'anchor-2' } },
    ]);
    expect(page).toContain('<h2 class="headline" id="the-rules">The Rules</h2>');
    expect(page).toContain('<div id="see-the-rules"><div class="rich-text"><p>Rules here</p></div></div>');
    expect(page).toContain('<a class="cta-button" href="#see-the-rules">See the rules</a>');
    expect(page).toContain('<span class="cta-button">Gone</span>');
  });

  it('draws facts, tips with a linked author, interviews and answers, couples and text with an image', async () => {
    const person = { id: authorId, stencil: 'author' };
    const page = await pageOf([
      { type: 'fact', value: { 'fact-title': 'Did you know?', 'fact-text': '<p>Ice is old.</p>' } },
      { type: 'tip', value: { 'tip-title': 'Pro tip', 'tip-content': { 'tip-content-text': ['<p>Layer up.</p>'], 'tip-content-link': person } } },
      { type: 'interview', value: { 'interview-question': 'Why?', 'interview-answers': [{ 'interview-answer-person': person, 'interview-answer-text': ['<p>Because.</p>'] }] } },
      { type: 'interview-answer', value: { 'interview-answer-name': 'Bo', 'interview-answer-text': ['<p>Indeed.</p>'] } },
      { type: 'couple', value: { 'couple-left-image': image('left'), 'couple-right-image': image('right') } },
      { type: 'couple-right-image', value: { 'couple-text': '<p>Beside</p>', 'couple-image': image('side') } },
    ]);
    expect(page).toContain('<aside class="box box-fact"><h3 class="box-title">Did you know?</h3><div class="rich-text"><p>Ice is old.</p></div></aside>');
    expect(page).toContain('<aside class="box box-tip"><h3 class="box-title">Pro tip</h3><div class="rich-text"><p>Layer up.</p></div><footer>Ann Author</footer></aside>');
    expect(page).toContain('<p class="interview-question">Why?</p><div class="interview-answer"><strong class="interview-name">Ann Author</strong>');
    expect(page).toContain('<strong class="interview-name">Bo</strong><div class="rich-text"><p>Indeed.</p></div>');
    expect(page).toMatch(/<div class="couple"><img src="[^"]*left"[^>]*\/><img src="[^"]*right"/);
    expect(page).toMatch(/<div class="text-image"><div class="rich-text"><p>Beside<\/p><\/div><img src="[^"]*side"/);
  });

  it('draws fact boxes, info blocks in their layout, accordions, legal disclaimers and schedules', async () => {
    const page = await pageOf([
      { type: 'fact-content', value: { 'fact-content-title': 'Facts', 'fact-content-container': [{ 'fact-content-headline': 'Height', 'fact-content-text': ['<p>4,000 m</p>'] }] } },
      {
        type: 'info-block-group',
        value: { 'info-block-group-title': 'Good to know', 'info-blocks': [{ 'info-block-title': 'Gear' }, { 'info-block-title': 'Food', 'info-block-text': '<p>Bring some</p>' }] },
        _meta: { style: { id: 'rail', attributes: { displayType: 'rail' } } },
      },
      { type: 'info-block', value: { 'info-block-title': 'Alone' } },
      { type: 'accordion', value: { 'accordion-title': 'FAQ', 'accordion-items': [{ 'accordion-item-title': 'When?', 'accordion-item-text': '<p>Now</p>' }] } },
      { type: 'legal-disclaimer', value: '<p>Terms apply.</p>' },
      {
        type: 'schedule',
        value: { 'schedule-title': 'Race weekend', 'schedule-items': [{ 'schedule-item-date': { date: '2026-03-01', isDateOnly: true, timezone: 'UTC' }, 'schedule-item-title': 'Start' }] },
      },
    ]);
    expect(page).toContain('<aside class="box box-facts"><h3 class="box-title">Facts</h3><div class="fact-item"><h4>Height</h4>');
    expect(page).toContain('<section class="info-blocks info-blocks-rail" data-layout="rail"><h3 class="box-title">Good to know</h3>');
    expect(page).toContain('<article class="info-block"><h4>Food</h4><div class="rich-text"><p>Bring some</p></div></article>');
    expect(page).toContain('<section class="info-blocks info-blocks-stack" data-layout="stack"><div class="info-block-list"><article class="info-block"><h4>Alone</h4>');
    expect(page).toContain('<details><summary>When?</summary><div class="rich-text"><p>Now</p></div></details>');
    expect(page).toContain('<div class="legal rich-text"><p>Terms apply.</p></div>');
    expect(page).toContain('<li><time>1 Mar 2026</time> <strong>Start</strong></li>');
  });

  it('draws calls to action, archive video and audio, galleries, and nothing for an empty element', async () => {
    const page = await pageOf([
      { type: 'cta-link', value: { 'cta-label': 'Buy', 'cta-url': ['shop', 'https://shop.example.com/'] } },
      { type: 'cta-promotion', value: { 'cta-promotion-kind': 'subscription-promotion' } },
      { type: 'cta-fullscreen-engagement', value: { 'cta-label': 'Take the quiz', 'cta-engagement': { provider: 'zoe', referenceId: 'z1' } } },
      { type: 'video', value: { provider: 'rbmn-video', referenceId: 'vid-1', attributes: { title: 'Summit push' } } },
      { type: 'audio', value: { provider: 'rbmn-audio', referenceId: 'aud-1' } },
      { type: 'image-gallery', value: { id: storyId, stencil: 'image-gallery' } },
      { type: 'fact', value: {} },
    ]);
    expect(page).toContain('<a class="cta-button" href="https://shop.example.com/">Buy</a>');
    expect(page).toContain('<span class="cta-button">Get the mag!</span>');
    expect(page).toContain('<p class="cta cta-fullscreen-engagement"><span class="cta-button">Take the quiz</span></p>');
    expect(page).toContain('<span class="kicker">Video</span><strong>Summit push</strong>');
    expect(page).toContain('<span class="kicker">Audio</span><strong>aud-1</strong>');
    expect(page).toContain('<strong class="embedded-title">');
    expect(page).not.toContain('class="placeholder"');
    expect(page).not.toContain('box-fact');
  });

  it('places images by their element style and shows a gallery in its display type (spec 001 §3)', async () => {
    const style = (attributes: Record<string, string>) => ({ style: { id: 'style-1', attributes } });
    const page = await pageOf([
      { type: 'image', value: image('small-portrait'), _meta: style({ orientation: 'portrait', size: 'S' }) },
      { type: 'image', value: image('plain') },
      { type: 'couple-right-image', value: { 'couple-text': '<p>Beside</p>', 'couple-image': image('side') }, _meta: style({ orientation: 'landscape', size: 'L' }) },
      { type: 'image-gallery', value: { id: storyId, stencil: 'image-gallery' }, _meta: style({ displayType: 'rail' }) },
    ]);
    expect(page).toMatch(/<img class="inline-image size-S portrait" src="[^"]*small-portrait"/);
    expect(page).toMatch(/<img class="inline-image" src="[^"]*plain"/);
    expect(page).toMatch(/<div class="text-image size-L"><div class="rich-text"><p>Beside<\/p><\/div><img class="landscape" src="[^"]*side"/);
    expect(page).toMatch(/<aside class="embedded-card gallery-rail">.*<span class="kicker">[^<]* · Rail<\/span>/);
  });

  it('refuses a save with a placement the spec does not know, and changes nothing', async () => {
    const url = `/api/v1/assets/${storyId}/localizations/en`;
    const before = (await t.app.inject({ method: 'GET', url, headers: await t.auth(EDITOR) })).json() as { _meta: { version: number } };
    const response = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...(await t.auth(EDITOR)), 'if-match': `"${before._meta.version}"` },
      payload: { content: story([{ type: 'image', value: image('x'), _meta: { style: { id: 's', attributes: { size: 'XXL' } } } }]) },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain('expected one of S, M, L, XL');
    const after = (await t.app.inject({ method: 'GET', url, headers: await t.auth(EDITOR) })).json() as { _meta: { version: number } };
    expect(after._meta.version).toBe(before._meta.version);
  });
});
