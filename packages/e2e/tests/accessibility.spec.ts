import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { actionBar, createStory, openEditor, paragraph, startFromCreateContent } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Accessibility (WCAG 2.1 A and AA): every route of the app and each modal of the editor has no serious or critical
 * finding of axe-core, and the editor's main paths (open a story, add an element, save, publish) work with the
 * keyboard alone.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The live updates' event stream stays open while the page is shown: it never finishes, so it is not waited for. */
const isLiveStream = (request: Request) => new URL(request.url()).pathname === '/api/v1/live';

/** Each page's requests still under way. */
const pendingRequests = new WeakMap<Page, Set<Request>>();

test.beforeEach(({ page }) => {
  const pending = new Set<Request>();
  pendingRequests.set(page, pending);
  page.on('request', (request) => {
    if (!isLiveStream(request)) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
});

/** Waits until the page has had no request under way (the live stream aside) for half a second: its lists and calls have answered. */
async function waitForRequestsToSettle(page: Page) {
  const pending = pendingRequests.get(page) ?? new Set<Request>();
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (pending.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 500;
      },
      { message: 'the page’s requests have settled', intervals: [100], timeout: 30_000 },
    )
    .toBe(true);
}

/** Runs axe on the page (or on one part of it) and fails with each serious or critical finding: rule, target, summary. */
async function expectNoSeriousFindings(page: Page, where: string, include?: string) {
  // Transitions finish first, so colours are measured as they stay on screen.
  await page.waitForTimeout(400);
  // Label in name (WCAG 2.5.3) is off by default in axe; it is part of the check here. Legacy mode checks the
  // preview's frames inside the page itself.
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const lines = serious.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.impact} ${violation.id} ${node.target.join(' ')} ${node.html.slice(0, 160)}: ${node.failureSummary?.replaceAll('\n', ' ') ?? violation.help}`),
  );
  expect(lines, `${where}: ${lines.length} serious or critical findings`).toEqual([]);
}

async function signInAsEditor(page: Page, target = '/'): Promise<string> {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor', target);
  return authorization();
}

const PAGES: Array<{ name: string; path: string; ready: (page: Page) => Locator }> = [
  { name: 'Dashboard', path: '/dashboard', ready: (page) => page.getByRole('heading', { name: 'Dashboard' }).first() },
  { name: 'All Content', path: '/all-content', ready: (page) => page.getByRole('heading', { name: 'All Content' }).first() },
  { name: 'My Content', path: '/my-content', ready: (page) => page.getByRole('heading', { name: 'My Content' }).first() },
  { name: 'Favorites', path: '/favorites', ready: (page) => page.getByRole('heading', { name: 'Favorites' }).first() },
  { name: 'Publication Overview', path: '/publication-overview', ready: (page) => page.getByRole('heading', { name: 'Publication Overview' }).first() },
  { name: 'Media Archive', path: '/media-archive', ready: (page) => page.getByRole('heading', { name: 'Media Archive' }).first() },
  { name: 'Image Uploads', path: '/image-uploads', ready: (page) => page.getByRole('heading', { name: 'Image Uploads' }).first() },
  { name: 'Help EAQL', path: '/help/eaql', ready: (page) => page.getByRole('tab', { name: 'EAQL' }) },
  { name: 'Help Miscellaneous', path: '/help/misc', ready: (page) => page.getByRole('tab', { name: 'Miscellaneous' }) },
];

for (const route of PAGES) {
  test(`${route.name} has no serious or critical accessibility finding`, async ({ page }) => {
    await signIn(page, 'editor', route.path);
    await expect(route.ready(page)).toBeVisible();
    // Lists fill from the API; the check runs once they have.
    await waitForRequestsToSettle(page);
    await expectNoSeriousFindings(page, route.name);
  });
}

test('the sign-in page has no serious or critical accessibility finding', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expectNoSeriousFindings(page, 'Sign in');
});

test('the profile modal has no serious or critical accessibility finding', async ({ page }) => {
  await signIn(page, 'editor');
  await page.getByRole('button', { name: 'User menu of Emma Editor' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'My Profile' })).toBeVisible();
  await expectNoSeriousFindings(page, 'Profile');
});

test('the create-content modal has no serious or critical accessibility finding', async ({ page }) => {
  await signIn(page, 'editor', '/all-content');
  await page.getByRole('banner').getByRole('button', { name: 'Create Content' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Content' })).toBeVisible();
  await expectNoSeriousFindings(page, 'Create Content');
});

test('the editor and its modals have no serious or critical accessibility finding', async ({ page }) => {
  test.setTimeout(180_000);
  const authorization = await signInAsEditor(page);
  const id = await createStory(page, authorization, { title: `Accessible story ${runMark()}`, storyContent: [paragraph('Cliff diving in Mostar.')] });
  // A second locale, so Ship is offered.
  const translated = await page.request.post(`/api/v1/assets/${id}/localizations/de`, { headers: { authorization }, data: { id, params: {}, reference: 'en' } });
  expect(translated.status(), `translate into de: ${await translated.text()}`).toBe(201);
  await openEditor(page, id);
  await waitForRequestsToSettle(page);
  await expectNoSeriousFindings(page, 'Editor');

  const modals: Array<{ button: string; dialog: string | RegExp }> = [
    { button: 'Publish', dialog: 'Publish' },
    { button: 'Translate', dialog: 'Select an existing localisation or translate' },
    { button: 'Delete', dialog: 'Delete asset' },
    { button: 'Ship', dialog: 'Ship to other locales' },
  ];
  for (const modal of modals) {
    await actionBar(page).getByRole('button', { name: modal.button, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: modal.dialog }).first();
    await expect(dialog).toBeVisible();
    await waitForRequestsToSettle(page);
    await expectNoSeriousFindings(page, `${modal.button} modal`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  // Add media, from the hero image (the media archive's search inside a modal).
  await page.getByRole('group', { name: 'Hero image' }).getByRole('button', { name: 'Add media' }).click();
  const addMedia = page.getByRole('dialog', { name: 'Add media' });
  await expect(addMedia).toBeVisible();
  await waitForRequestsToSettle(page);
  await expectNoSeriousFindings(page, 'Add media modal');
  await page.keyboard.press('Escape');
  await expect(addMedia).toBeHidden();
});

test('the editor of a version with validation errors has no serious or critical accessibility finding', async ({ page }) => {
  const authorization = await signInAsEditor(page);
  // Saved as a draft: a title over its maxLength, a link the URL check refuses, an empty text element.
  const id = await createStory(page, authorization, {
    title: `Too long ${runMark()} ${'and longer '.repeat(12)}`,
    storyContent: [paragraph('A <a href="javascript:alert(1)">link</a> the check refuses.'), { type: 'text', value: '' }],
  });
  await openEditor(page, id);
  await expect(page.getByText('The number of characters is not in the allowed range.').first()).toBeVisible();
  await expect(page.getByText('Please begin external links with "http://" or "https://"!').first()).toBeVisible();
  await waitForRequestsToSettle(page);
  await expectNoSeriousFindings(page, 'Editor with validation errors');
});

test('an editor with the Back to toast has no serious or critical accessibility finding', async ({ page }) => {
  const authorization = await signInAsEditor(page);
  const first = `Back to me ${runMark()}`;
  const firstId = await createStory(page, authorization, { title: first, storyContent: [paragraph('The story read first.')] });
  const secondId = await createStory(page, authorization, { title: `Read next ${runMark()}`, storyContent: [paragraph('The story read next.')] });
  await openEditor(page, firstId);
  await openEditor(page, secondId);
  const toast = page.getByRole('alert').filter({ hasText: `Back to ${first}` });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Close' })).toBeVisible();
  await waitForRequestsToSettle(page);
  await expectNoSeriousFindings(page, 'Editor with the Back to toast');
});

test('the crop modal of an uploaded hero image has no serious or critical accessibility finding', async ({ page }) => {
  const authorization = await signInAsEditor(page);
  const id = await createStory(page, authorization, { title: `Accessible crop ${runMark()}`, storyContent: [paragraph('A story with a hero image.')] });
  await openEditor(page, id);
  const hero = page.getByRole('group', { name: 'Hero image' });
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#5c7cfa' } }).png().toBuffer();
  await hero.locator('input[type="file"]').setInputFiles({ name: 'plain.png', mimeType: 'image/png', buffer: png });
  await expect(hero.getByRole('img', { name: 'Hero image preview' })).toBeVisible({ timeout: 20_000 });
  await hero.getByRole('button', { name: 'Crop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crop' });
  await expect(dialog.getByRole('group', { name: /^Crop area/ }).first()).toBeVisible();
  await expectNoSeriousFindings(page, 'Crop modal');
});

/** Moves the focus with Tab (or Shift+Tab) until it is on the target, the way a keyboard user does. */
async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; max?: number; ring?: boolean } = {}) {
  const { backwards = false, max = 200, ring = true } = options;
  const isFocused = () => target.evaluate((element) => element === document.activeElement).catch(() => false);
  for (let presses = 0; presses < max && !(await isFocused()); presses++) await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  await expect(target).toBeFocused();
  // The focus is visible: an outline or a ring drawn around the focused control (or by its ::after cover, as on cards).
  const hasRing = await target.evaluate((element) =>
    [getComputedStyle(element), getComputedStyle(element, '::after')].some(
      (style) => (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
    ),
  );
  if (ring) expect(hasRing, 'the focused control shows a focus ring').toBe(true);
}

test('with the keyboard alone a story opens from the list, gets a text element, saves and publishes', async ({ page }) => {
  test.setTimeout(180_000);
  const authorization = await signInAsEditor(page);
  const title = `Keyboard story ${runMark()}`;
  await createStory(page, authorization, { title, storyContent: [paragraph('Cliff diving in Mostar.')] });
  await page.goto('/my-content');

  // Open the story from the list.
  const card = page.getByRole('link', { name: title });
  await expect(card).toBeVisible();
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Asset Editor', selected: true })).toBeVisible();

  // Add a text element from the add toolbar and type into it.
  const story = page.getByRole('region', { name: 'Story' });
  const addText = story.getByRole('toolbar', { name: 'Add to Story' }).getByRole('button', { name: 'Text', exact: true });
  await expect(addText).toBeVisible();
  await tabTo(page, addText);
  await page.keyboard.press('Enter');
  const added = story.getByRole('group', { name: 'Text 2', exact: true }).first();
  await expect(added).toBeVisible();
  const text = added.getByRole('textbox').first();
  // A text field shows its focus with the caret and its frame's colour.
  await tabTo(page, text, { backwards: true, ring: false });
  await page.keyboard.type('Divers reach 85 km/h.');
  await expect(text).toContainText('Divers reach 85 km/h.');

  // Save from the action bar.
  const save = actionBar(page).getByRole('button', { name: 'Save', exact: true });
  await tabTo(page, save, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Your asset has been successfully saved' })).toBeVisible();

  // Publish: the modal takes the focus, and its Publish button is reached with Tab.
  const publish = actionBar(page).getByRole('button', { name: 'Publish', exact: true });
  await tabTo(page, publish, { backwards: true });
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Publish', exact: true });
  await expect(modal).toBeVisible();
  const confirm = modal.getByRole('button', { name: 'Publish', exact: true });
  await expect(confirm).toBeEnabled();
  await tabTo(page, confirm, { max: 40 });
  await page.keyboard.press('Space');
  await expect(page.getByRole('alert').filter({ hasText: 'Yay!! Your asset has been published' })).toBeVisible();
  await expect(modal).toBeHidden();
});

test('the Preview Clip modal of a video asset has no serious or critical accessibility finding', async ({ page }) => {
  // A demo video asset (its video is an archive video of RBMN Video): creating one from the archive here would make
  // this test the archive item's first user, which the media archive journey checks for itself.
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  const answer = await page.request.get('/api/v1/assets?stencil=video&localization=en&limit=50', { headers: { authorization: await authorization() } });
  expect(answer.ok(), 'the video list').toBe(true);
  const items = ((await answer.json()) as { _embedded: { item: Array<{ id: string; _links: { self: { methods: string[] } } }> } })._embedded.item;
  const video = items.find((candidate) => candidate._links.self.methods.includes('PUT'));
  expect(video, 'an editable demo video asset').toBeDefined();
  await openEditor(page, video?.id ?? '');
  await page.getByRole('group', { name: 'Video', exact: true }).getByRole('button', { name: 'Create preview' }).click();
  const clip = page.getByRole('dialog', { name: 'Preview Clip' });
  await expect(clip.getByRole('textbox', { name: 'Start time' })).toBeVisible();
  await expectNoSeriousFindings(page, 'Preview Clip modal');
});

test('the Inherit data modal of an occasion campaign has no serious or critical accessibility finding', async ({ page }) => {
  const authorization = watchAuthorization(page);
  // Occasion campaigns are changed by taxonomy managers, among them the admin.
  await signIn(page, 'admin');
  const token = await authorization();
  const answer = await page.request.get('/api/v1/assets?stencil=occasion-campaign&localization=en&sortBy=lastCreated&limit=100', { headers: { authorization: token } });
  expect(answer.ok(), 'the campaign list').toBe(true);
  const items = ((await answer.json()) as { _embedded: { item: Array<{ id: string; _links: { self: { methods: string[] } } }> } })._embedded.item;
  const campaign = items.find((candidate) => candidate._links.self.methods.includes('PUT'));
  expect(campaign, 'an editable occasion campaign in the demo content').toBeDefined();
  await openEditor(page, campaign?.id ?? '');

  await page.getByRole('button', { name: 'Inherit data' }).click();
  const browse = page.getByRole('dialog', { name: 'Browse assets' });
  const drink = browse.getByRole('article', { name: 'Summer Edition Watermelon' }).first();
  await drink.getByRole('button', { name: 'Summer Edition Watermelon' }).click();
  await browse.getByRole('button', { name: 'Add', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Inherit data' });
  await expect(confirm.getByRole('list', { name: 'Inherited fields' })).toBeVisible();
  await expectNoSeriousFindings(page, 'Inherit data modal');
});

test('each step of the event wizard has no serious or critical accessibility finding', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'editor', '/dashboard');
  const events = page.getByRole('region', { name: 'Event Opportunities' }).getByRole('button', { name: /\d{4}/ });
  await expect(events.first()).toBeVisible();
  const wizard = page.getByRole('dialog', { name: 'Create Event Profile' });

  // The demo events have random translations: take the first one with a localisation not made yet.
  let found = false;
  for (let index = 0; index < (await events.count()) && !found; index += 1) {
    await events.nth(index).click();
    await expect(wizard.getByRole('heading', { level: 3 })).toBeVisible();
    if (index === 0) await expectNoSeriousFindings(page, 'Event wizard, the event');
    await wizard.getByRole('button', { name: 'Continue' }).click();
    const localisation = wizard.getByRole('combobox', { name: 'Localisation' });
    await expect(localisation).toBeVisible();
    if (index === 0) await expectNoSeriousFindings(page, 'Event wizard, the localisation');
    await localisation.click();
    const option = page.getByRole('option').first();
    if (await option.isVisible()) {
      await option.click();
      found = true;
      break;
    }
    await page.keyboard.press('Escape');
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await expect(wizard).toBeHidden();
  }
  expect(found, 'a dashboard event with a localisation still to make').toBe(true);
  await wizard.getByRole('radio', { name: 'A new event profile' }).click();
  await expectNoSeriousFindings(page, 'Event wizard, a new event profile');
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByRole('combobox', { name: 'Search a place' })).toBeVisible();
  await expectNoSeriousFindings(page, 'Event wizard, the profile form');
});

test('the image gallery wizard’s bucket selection and questionnaire have no serious or critical accessibility finding', async ({ page }) => {
  await signIn(page, 'editor', '/all-content');
  await startFromCreateContent(page, 'Image Gallery');

  const wizard = page.getByRole('dialog').last();
  await expect(wizard.getByRole('textbox', { name: /Gallery title/ })).toBeVisible();
  await expectNoSeriousFindings(page, 'Gallery wizard, bucket selection');
  await wizard.getByRole('textbox', { name: /Gallery title/ }).fill(`Accessible gallery ${runMark()}`);
  await wizard.getByRole('radio', { name: 'Local uploads' }).check();
  await expectNoSeriousFindings(page, 'Gallery wizard, local uploads');
  const png = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#1e8c3c' } }).png().toBuffer();
  await wizard.getByLabel('Choose file(s)').setInputFiles({ name: 'green-ridge.png', mimeType: 'image/png', buffer: png });
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Image Gallery' })).toBeVisible();
  await expect(wizard.getByRole('switch', { name: 'Apply credits to all images' })).toBeVisible();
  await expectNoSeriousFindings(page, 'Gallery wizard, questionnaire');
});
