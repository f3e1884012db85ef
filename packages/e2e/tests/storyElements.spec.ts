import { expect, test, type Page } from '@playwright/test';
import { actionBar, createStory, fetchVersion, openEditor, paragraph, toast, versionPath } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Every story element (spec 002 §5) in one story: created with one element of each type through the API, then in
 * the editor a fact is added from the add toolbar and filled, and the jump call to action gets its anchor through
 * selection mode (§4 Anchors). The story is saved, is the same after a reload, publishes, and its preview gives the
 * anchored paragraph its id and the button its #fragment link. Inherit data (§2, §3 mapping) fills a demo occasion
 * campaign from a demo energy drink.
 */

const TEXTS = {
  saved: 'Your asset has been successfully saved',
  published: 'Yay!! Your asset has been published',
  anchorNeedsLabel: 'The Button label needs to be set to select an Anchor.',
} as const;

interface ListItem {
  id: string;
  stencil: string;
  _meta: { status: string };
}

/** A published asset of the stencil, from the demo content: references to it publish without taking it along. */
async function publishedAsset(page: Page, authorization: string, stencil: string): Promise<{ id: string; stencil: string }> {
  const answer = await page.request.get(`/api/v1/assets?stencil=${stencil}&localization=en&sortBy=lastCreated&limit=100`, { headers: { authorization } });
  expect(answer.ok(), `the ${stencil} list`).toBe(true);
  const items = ((await answer.json()) as { _embedded: { item: ListItem[] } })._embedded.item;
  const found = items.find((item) => item._meta.status === 'published');
  if (!found) throw new Error(`No published ${stencil} in the demo content.`);
  return { id: found.id, stencil };
}

/** The image of a published demo image asset, reused for every image slot of the story. */
async function demoImage(page: Page, authorization: string): Promise<unknown> {
  const { id } = await publishedAsset(page, authorization, 'image');
  const image = (await fetchVersion(page, authorization, id)).content.image?.value;
  expect(image, 'the demo image holds a picture').toBeTruthy();
  return image;
}

/** One element of every type of spec 002 §5 but the fact (added in the editor); the jump call to action without its anchor. */
function everyElement(refs: { story: unknown; gallery: unknown; athlete: unknown; image: unknown }) {
  const { image } = refs;
  return [
    paragraph('The season opens above the Neretva.'),
    paragraph('Rules: every diver jumps three times.'),
    { type: 'headline', value: { 'headline-text': 'The Divers', 'headline-chapter': true } },
    { type: 'embedded-content', value: refs.story },
    { type: 'list', value: ['<p>Helmet</p>', '<p>Wetsuit</p>'] },
    { type: 'numbered-list', value: ['<p>Climb</p>', '<p>Dive</p>'] },
    { type: 'quote', value: ['The water is always colder than you think.', 'An old diver'] },
    { type: 'service-embed', value: { provider: 'youtube', referenceId: 'dQw4w9WgXcQ' } },
    { type: 'audio', value: { provider: 'spotify', referenceId: 'episode:7makk4oTQel546B0PZlDM5' } },
    { type: 'tip', value: { 'tip-title': 'Pro tip', 'tip-content': { 'tip-content-text': ['<p>Keep your arms tight.</p>'] } } },
    { type: 'image', value: image },
    { type: 'image-gallery', value: refs.gallery },
    { type: 'video', value: { provider: 'rbmn-video', referenceId: 'demo-video-1' } },
    {
      type: 'interview',
      value: { 'interview-question': 'How high is it?', 'interview-answers': [{ 'interview-answer-person': refs.athlete, 'interview-answer-text': ['<p>Twenty-seven metres.</p>'] }] },
    },
    { type: 'interview-answer', value: { 'interview-answer-name': 'A judge', 'interview-answer-text': ['<p>High enough.</p>'] } },
    { type: 'couple', value: { 'couple-left-image': image, 'couple-right-image': image } },
    { type: 'couple-right-image', value: { 'couple-text': '<p>The platform from below.</p>', 'couple-image': image } },
    { type: 'table', value: { columns: [{ title: 'Round' }, { title: 'Height' }], rows: [{ cells: [{ value: '<p>1</p>' }, { value: '<p>20 m</p>' }] }] } },
    { type: 'fact-content', value: { 'fact-content-title': 'Facts', 'fact-content-container': [{ 'fact-content-headline': 'Height', 'fact-content-text': ['<p>27 m</p>'] }] } },
    {
      type: 'results-table',
      value: {
        title: 'Mostar results',
        columns: [
          { name: 'rank', title: 'Rank' },
          { name: 'person', title: 'Person' },
          { name: 'mainResult', title: 'Result' },
        ],
        rows: [{ cells: [{ value: '1' }, { value: 'Gary Hunt' }, { value: '450.5' }] }],
      },
    },
    { type: 'results-and-standings', value: { provider: 'wrc-erc-results', referenceId: 'competition=wrc&idSas=12' } },
    {
      type: 'info-block-group',
      value: { 'info-block-group-title': 'Good to know', 'info-blocks': [{ 'info-block-title': 'Getting there' }, { 'info-block-title': 'Tickets' }] },
      _meta: { style: { id: 'rail', attributes: { displayType: 'rail' } } },
    },
    { type: 'info-block', value: { 'info-block-title': 'Weather', 'info-block-text': '<p>Sunny.</p>' } },
    { type: 'cta-link', value: { 'cta-label': 'Buy tickets', 'cta-url': ['custom', 'https://tickets.example.com/mostar'] } },
    { type: 'cta-anchor', value: { 'cta-label': 'See the rules' } },
    { type: 'cta-promotion', value: { 'cta-promotion-kind': 'subscription-promotion' } },
    { type: 'cta-fullscreen-engagement', value: { 'cta-label': 'Take the quiz', 'cta-engagement': { provider: 'zoe', referenceId: '5f0c2e4b0a1b2c3d4e5f6a7b' } } },
    { type: 'accordion', value: { 'accordion-title': 'FAQ', 'accordion-items': [{ 'accordion-item-title': 'Can I watch?', 'accordion-item-text': '<p>Yes.</p>' }] } },
    { type: 'legal-disclaimer', value: '<p>Diving is dangerous.</p>' },
    {
      type: 'schedule',
      value: { 'schedule-title': 'Race weekend', 'schedule-items': [{ 'schedule-item-date': { date: '2026-06-01', isDateOnly: true, timezone: 'Europe/Sarajevo' }, 'schedule-item-title': 'Training' }] },
    },
  ];
}

/** The label of each story element type, in the stencil's order. */
async function elementLabels(page: Page, authorization: string): Promise<Map<string, string>> {
  const answer = await page.request.get('/api/v1/stencils/story', { headers: { authorization } });
  expect(answer.ok(), 'the story stencil').toBe(true);
  const stencil = (await answer.json()) as { inputs: Array<{ name: string; constraints?: { oneOfProperties?: Array<{ name: string; view: { label: string } }> } }> };
  const choices = stencil.inputs.find((input) => input.name === 'story-content')?.constraints?.oneOfProperties ?? [];
  return new Map(choices.map((choice) => [choice.name, choice.view.label]));
}

const storyArea = (page: Page) => page.getByRole('region', { name: 'Story' });
/** A story element by its label and position; nested lists name their items alike, and come after it. */
const item = (page: Page, name: string) => storyArea(page).getByRole('group', { name, exact: true }).first();

test('a story with one element of every type saves, reloads and publishes, its anchor jumping to its paragraph', async ({ page }) => {
  test.setTimeout(180_000);
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  const token = await authorization();
  const refs = {
    story: await publishedAsset(page, token, 'story'),
    gallery: await publishedAsset(page, token, 'image-gallery'),
    athlete: await publishedAsset(page, token, 'athlete'),
    image: await demoImage(page, token),
  };
  const elements = everyElement(refs);
  const id = await createStory(page, token, { title: `Every element ${runMark()}`, storyContent: elements });
  // The server takes every element as it is: nothing stands in the way of publishing but the anchor to set.
  const check = await page.request.get(`${versionPath(id)}/publish-check`, { headers: { authorization: token } });
  const { errorItems } = (await check.json()) as { errorItems: Array<{ errorMessages: Array<{ path: string; message: string }> }> };
  expect(errorItems.flatMap((errorItem) => errorItem.errorMessages)).toEqual([{ path: 'story-content.24.cta-anchor.cta-anchor-target', message: 'This field is required.' }]);
  await openEditor(page, id);

  // Every element shows as an item of its type's label, in order (a long story renders its items progressively).
  const labels = await elementLabels(page, token);
  await expect(item(page, 'Schedule 30')).toBeVisible({ timeout: 20_000 });
  for (const [index, element] of elements.entries()) await expect(item(page, `${labels.get(element.type)} ${index + 1}`)).toBeVisible();
  // The add toolbar offers every element type; the fullscreen engagement needs its feature flag, on here.
  const toolbar = storyArea(page).getByRole('toolbar', { name: 'Add to Story' });
  const offered = [...labels.values()];
  // (Its scroll buttons are icons without text.)
  await expect(toolbar.getByRole('button').filter({ hasText: /\S/ })).toHaveText(offered);

  // A fact from the add toolbar at the end.
  await toolbar.getByRole('button', { name: 'Fact', exact: true }).click();
  const fact = item(page, 'Fact 31');
  await expect(fact).toBeVisible();
  await fact.getByRole('textbox', { name: 'Title' }).fill('Did you know?');
  const factText = fact.getByRole('textbox', { name: 'Fact' });
  await factText.click();
  await expect(factText).toHaveAttribute('contenteditable', 'true');
  await page.keyboard.type('Divers reach 85 km/h.');

  // The jump call to action's anchor, chosen in selection mode on the second paragraph.
  const jump = item(page, 'Call to action: jump to a paragraph 25');
  // Without its button label the anchor cannot be selected (spec 002 §5).
  const buttonLabel = jump.getByRole('textbox', { name: 'Button label' });
  await buttonLabel.fill('');
  await expect(jump.getByText(TEXTS.anchorNeedsLabel)).toBeVisible();
  await expect(jump.getByRole('button', { name: 'Select Anchor' })).toBeDisabled();
  await buttonLabel.fill('See the rules');
  await jump.getByRole('button', { name: 'Select Anchor' }).click();
  await storyArea(page).getByRole('button', { name: 'Set Anchor on Text 2' }).click();
  await expect(jump.getByText('Jumps to Text 2 (#see-the-rules)')).toBeVisible();
  await expect(item(page, 'Text 2').getByText('#see-the-rules')).toBeVisible();

  await expect(actionBar(page).getByText(/^\d+ unsaved changes?$/)).toBeVisible();
  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, TEXTS.saved)).toBeVisible();

  const stored = await fetchVersion(page, token, id);
  const items = stored.content['story-content']?.value as Array<{ type: string; value?: Record<string, unknown>; _meta?: Record<string, unknown> }>;
  expect(items.map((element) => element.type)).toEqual([...elements.map((element) => element.type), 'fact']);
  expect(items[30]?.value).toEqual({ 'fact-title': 'Did you know?', 'fact-text': '<p>Divers reach 85 km/h.</p>' });
  const anchorKey = items[24]?.value?.['cta-anchor-target'];
  expect(anchorKey).toEqual(expect.stringMatching(/^anchor-/));
  expect(items[1]?._meta).toEqual({ anchorKey, urlFragment: 'see-the-rules' });

  // After a reload the editor shows the same story: the fact, the anchor and its paragraph.
  await page.reload();
  await expect(item(page, 'Fact 31').getByRole('textbox', { name: 'Title' })).toHaveValue('Did you know?', { timeout: 20_000 });
  await expect(item(page, 'Call to action: jump to a paragraph 25').getByText('Jumps to Text 2 (#see-the-rules)')).toBeVisible();
  await expect(actionBar(page).getByText(/issues? prevent publishing/)).toHaveCount(0);

  // Publish.
  await actionBar(page).getByRole('button', { name: 'Publish', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Publish', exact: true });
  await expect(modal.getByRole('button', { name: 'Unpublish date', exact: true })).toBeVisible({ timeout: 20_000 });
  const published = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith(`${versionPath(id)}/publish`));
  await modal.getByRole('button', { name: 'Publish', exact: true }).click();
  expect((await published).status()).toBe(200);
  await expect(toast(page, TEXTS.published)).toBeVisible();
  expect((await fetchVersion(page, token, id))._meta.status).toBe('published');

  // The preview: the anchored paragraph carries its fragment, the button links to it; the other families draw.
  const preview = page.frameLocator('iframe[title="Preview"]');
  await expect(preview.locator('#see-the-rules')).toContainText('Rules: every diver jumps three times.', { timeout: 20_000 });
  await expect(preview.getByRole('link', { name: 'See the rules' })).toHaveAttribute('href', '#see-the-rules');
  await expect(preview.locator('h2#the-divers')).toHaveText('The Divers');
  await expect(preview.locator('.info-blocks-rail')).toContainText('Getting there');
  await expect(preview.getByText('Did you know?')).toBeVisible();
  await expect(preview.getByText('Get the mag!')).toBeVisible();
});

/** An English occasion campaign of the demo content the user may edit. */
async function editableCampaign(page: Page, authorization: string): Promise<string> {
  const answer = await page.request.get('/api/v1/assets?stencil=occasion-campaign&localization=en&sortBy=lastCreated&limit=100', { headers: { authorization } });
  expect(answer.ok(), 'the campaign list').toBe(true);
  const items = ((await answer.json()) as { _embedded: { item: Array<{ id: string; _links: { self: { methods: string[] } } }> } })._embedded.item;
  const editable = items.find((candidate) => candidate._links.self.methods.includes('PUT'));
  if (!editable) throw new Error('No editable occasion campaign in the demo content.');
  return editable.id;
}

test('Inherit data copies an energy drink’s title, teaser and colour into a campaign as unsaved changes, which save', async ({ page }) => {
  const authorization = watchAuthorization(page);
  // Occasion campaigns are changed by taxonomy managers, among them the admin.
  await signIn(page, 'admin');
  const token = await authorization();
  const id = await editableCampaign(page, token);
  await openEditor(page, id);

  await page.getByRole('button', { name: 'Inherit data' }).click();
  const browse = page.getByRole('dialog', { name: 'Browse assets' });
  const card = browse.getByRole('article', { name: 'Summer Edition Watermelon' }).first();
  await card.getByRole('button', { name: 'Summer Edition Watermelon' }).click();
  await browse.getByRole('button', { name: 'Add', exact: true }).click();

  const confirm = page.getByRole('dialog', { name: 'Inherit data' });
  await expect(confirm.getByRole('list', { name: 'Inherited fields' }).getByRole('listitem')).toHaveText(['Background colour', 'Key visual', 'Subheading', 'Title']);
  await confirm.getByRole('button', { name: 'Inherit data' }).click();
  await expect(confirm).toBeHidden();

  const header = page.getByRole('region', { name: 'Header' });
  await expect(header.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Summer Edition | Summer Edition Watermelon');
  await expect(header.getByRole('textbox', { name: 'Subheading', exact: true })).toHaveValue('Our classic, served ice cold.');
  await expect(actionBar(page).getByText(/^\d+ unsaved changes?$/)).toBeVisible();

  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, TEXTS.saved)).toBeVisible();
  const stored = await fetchVersion(page, token, id);
  expect(stored.content.title?.value).toBe('Summer Edition | Summer Edition Watermelon');
  expect(stored.content['bg-hex-color-code']?.value).toBe('#E11D48');
});
