import { expect, test, type Locator, type Page } from '@playwright/test';
import { actionBar, fetchVersion, headerArea, openEditor, titleInput, toast, versionPath, type StoredVersion } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Editing an asset (spec 002 §2, §4, §8): save, the conflict between two editors, a save the server refuses (local
 * draft), and leaving with unsaved changes. Each journey works on its own demo story, found through the list API.
 */

const LOCALE = 'en';
const TEXTS = {
  saved: 'Your asset has been successfully saved',
  saveFailed: 'Sorry, it was not possible to save the asset to the database. The asset is saved locally in your browser and you can still work on it.',
  discarded: 'Your asset adjustments have been discarded.',
  differences: "Differences between your version and the server's",
} as const;

interface DemoStory {
  id: string;
  title: string;
  /** The plain text of the first text paragraph of story-content. */
  firstParagraph: string;
}

/** Rich text as the page shows it: tags gone, entities decoded, white space collapsed. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function firstTextParagraph(version: StoredVersion): string | undefined {
  const elements = version.content['story-content']?.value;
  if (!Array.isArray(elements)) return undefined;
  const text = elements.find((element: { type?: unknown; value?: unknown }) => element.type === 'text' && typeof element.value === 'string') as { value: string } | undefined;
  return text ? plainText(text.value) : undefined;
}

/**
 * The `slot`-th English demo story the user may edit whose story content holds a text paragraph, newest
 * created first: creation order does not change when a journey saves, so each journey keeps its own story.
 * A story created empty (Create Content) has no paragraph and is passed over.
 */
async function findDemoStory(page: Page, authorization: string, slot: number): Promise<DemoStory> {
  const answer = await page.request.get(`/api/v1/assets?stencil=story&localization=${LOCALE}&sortBy=lastCreated&limit=100`, { headers: { authorization } });
  expect(answer.ok(), 'the story list').toBe(true);
  const list = (await answer.json()) as { _embedded: { item: Array<{ id: string; _links: { self: { methods: string[] } } }> } };
  const editable = list._embedded.item.filter((item) => item._links.self.methods.includes('PUT'));
  let found = 0;
  for (const item of editable) {
    const version = await fetchVersion(page, authorization, item.id);
    const firstParagraph = firstTextParagraph(version);
    const title = version.content.title?.value;
    if (!firstParagraph || typeof title !== 'string' || title === '') continue;
    if (found++ === slot) return { id: version.id, title, firstParagraph };
  }
  throw new Error(`Fewer than ${slot + 1} editable demo stories in ${LOCALE} start with a text paragraph.`);
}

/** Signs in as Emma Editor, finds the journey's story and opens it in the editor. */
async function openDemoStory(page: Page, slot: number) {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  const story = await findDemoStory(page, await authorization(), slot);
  await openEditor(page, story.id);
  return { story, authorization: await authorization() };
}

const storyArea = (page: Page) => page.getByRole('region', { name: 'Story' });
const teaserInput = (page: Page) => headerArea(page).getByRole('textbox', { name: 'Teaser', exact: true });

/** The rich-text editor of a story paragraph; a paragraph may show as static text until it is clicked. */
async function paragraphEditor(page: Page, text: string): Promise<Locator> {
  await storyArea(page).getByText(text).first().click();
  const editor = storyArea(page).getByRole('textbox').filter({ hasText: text }).first();
  await expect(editor).toBeVisible();
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  return editor;
}

/** Types at the end of a paragraph, the way a person continues a text. */
async function appendToParagraph(page: Page, text: string, addition: string) {
  const editor = await paragraphEditor(page, text);
  await editor.click();
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(addition);
  await expect(editor).toContainText(`${text}${addition}`);
}

/** Waits until the editor holds unsaved changes (the action bar offers Save). */
async function expectUnsaved(page: Page) {
  await expect(actionBar(page).getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await expect(actionBar(page).getByText(/^\d+ unsaved changes?$/)).toBeVisible();
}

/** A reload of a page with unsaved changes asks the browser's leave question first; the journey leaves. */
function acceptLeavingThePage(page: Page) {
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
}

test('an edited title and paragraph are saved and are there after a reload', async ({ page }) => {
  const { story, authorization } = await openDemoStory(page, 0);
  const mark = runMark();
  const title = `Cliff diving in Mostar, edited ${mark}`;
  const addition = ` The water was colder than expected (${mark}).`;

  await titleInput(page).fill(title);
  await appendToParagraph(page, story.firstParagraph, addition);
  await expectUnsaved(page);

  // The save is held on its way until the button has been seen reading 'Saving...'.
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${versionPath(story.id)}`, async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.fallback();
  });
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith(versionPath(story.id)));
  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(actionBar(page).getByRole('button', { name: 'Saving...' })).toBeVisible();
  release?.();
  expect((await saved).status()).toBe(200);
  await expect(actionBar(page).getByRole('button', { name: 'Saved' })).toBeVisible();
  await expect(toast(page, TEXTS.saved)).toBeVisible();
  await expect(actionBar(page).getByText(/unsaved change/)).toHaveCount(0);
  await page.unrouteAll({ behavior: 'wait' });

  await page.reload();
  await expect(titleInput(page)).toHaveValue(title);
  await expect(storyArea(page).getByText(`${story.firstParagraph}${addition}`)).toBeVisible();
  await expect(actionBar(page).getByText(/unsaved change/)).toHaveCount(0);

  const stored = await fetchVersion(page, authorization, story.id);
  expect(stored.content.title?.value).toBe(title);
  expect(firstTextParagraph(stored)).toBe(`${story.firstParagraph}${addition}`);
});

test('a save over a newer version opens the conflict modal, and Overwrite Newer Version wins', async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    // Emma Editor opens the story first; Ada Admin opens it too and saves a new title while Emma is still working.
    const { story, authorization } = await openDemoStory(page, 1);
    const before = await fetchVersion(page, authorization, story.id);
    await signIn(admin, 'admin');
    await openEditor(admin, story.id);

    const mark = runMark();
    const adminTitle = `Ada's title ${mark}`;
    const editorTeaser = `Emma's teaser ${mark}: the divers open the season above the Neretva.`;
    await titleInput(admin).fill(adminTitle);
    await expectUnsaved(admin);
    await actionBar(admin).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(admin, TEXTS.saved)).toBeVisible();

    await teaserInput(page).fill(editorTeaser);
    await expectUnsaved(page);
    await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();

    const modal = page.getByRole('dialog', { name: `A newer version of »${story.id}« is on the server.` });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(/^Asset was updated in the mean time by Ada Admin on .+\.$/)).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(modal.getByRole('button', { name: "Don't Save" })).toBeVisible();
    const differences = modal.getByRole('table', { name: TEXTS.differences });
    const row = (label: string) => differences.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
    // Columns: the input, this editor's value, the server's value (long values are shortened).
    await expect(row('Title').getByRole('cell').nth(1)).toContainText(story.title.slice(0, 60));
    await expect(row('Title').getByRole('cell').nth(2)).toHaveText(adminTitle);
    await expect(row('Teaser').getByRole('cell').nth(1)).toHaveText(editorTeaser);

    await modal.getByRole('button', { name: 'Overwrite Newer Version' }).click();
    await expect(modal).toBeHidden();
    await expect(toast(page, TEXTS.saved)).toBeVisible();

    // The overwrite saved Emma's whole version: her teaser, and the title as she had it.
    await page.reload();
    await expect(teaserInput(page)).toHaveValue(editorTeaser);
    await expect(titleInput(page)).toHaveValue(story.title);

    const after = await fetchVersion(page, authorization, story.id, { query: '?includeHistory=true' });
    expect(after.content.teaser?.value).toBe(editorTeaser);
    expect(after.content.title?.value).toBe(story.title);
    expect(after._meta.version).toBe(before._meta.version + 2);
    const history = after._meta.history ?? [];
    const adminSave = history.find((entry) => entry.version === before._meta.version + 1);
    const editorSave = history.find((entry) => entry.version === before._meta.version + 2);
    expect(adminSave).toMatchObject({ action: 'save', user: 'Ada Admin', basedOnVersion: before._meta.version });
    expect(adminSave?.changedProperties).toContain('title');
    // The overwrite names the version it overwrites rather than saving blindly.
    expect(editorSave).toMatchObject({ action: 'save', user: 'Emma Editor', basedOnVersion: before._meta.version + 1 });
    expect(editorSave?.changedProperties).toEqual(expect.arrayContaining(['title', 'teaser']));
  } finally {
    await adminContext.close();
  }
});

test('a save the server refuses keeps a local draft that is offered after a reload', async ({ page }) => {
  const { story, authorization } = await openDemoStory(page, 2);
  const title = `Kept in the browser ${runMark()}`;
  await page.route(`**${versionPath(story.id)}`, (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) }) : route.fallback(),
  );

  await titleInput(page).fill(title);
  await expectUnsaved(page);
  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, TEXTS.saveFailed)).toBeVisible();
  await expect(toast(page, TEXTS.saved)).toHaveCount(0);
  // The work is still in the editor.
  await expect(titleInput(page)).toHaveValue(title);
  await expectUnsaved(page);

  acceptLeavingThePage(page);
  await page.reload();
  const draft = page.getByRole('dialog', { name: 'Draft' });
  await expect(draft).toBeVisible();
  await expect(draft.getByRole('button', { name: 'Discard draft' })).toBeVisible();
  await draft.getByRole('button', { name: 'Load draft' }).click();
  await expect(draft).toBeHidden();
  await expect(titleInput(page)).toHaveValue(title);
  await expectUnsaved(page);

  // Nothing reached the server.
  expect((await fetchVersion(page, authorization, story.id)).content.title?.value).toBe(story.title);
});

test('leaving with unsaved changes asks first: Stay keeps the editor, Discard leaves and says so', async ({ page }) => {
  const { story, authorization } = await openDemoStory(page, 3);
  const editorUrl = page.url();
  const title = `Not meant to be kept ${runMark()}`;
  await titleInput(page).fill(title);
  await expectUnsaved(page);

  const allContent = page.getByRole('banner').getByRole('tab', { name: 'All Content' });
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await allContent.click();
  await expect(leave).toBeVisible();
  await expect(leave.getByRole('button', { name: 'Save' })).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(editorUrl);
  await expect(page.getByRole('tab', { name: 'Asset Editor', selected: true })).toBeVisible();
  await expect(titleInput(page)).toHaveValue(title);
  await expectUnsaved(page);

  await allContent.click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/all-content$/);
  await expect(page.getByRole('tab', { name: 'All Content', selected: true })).toBeVisible();
  await expect(toast(page, TEXTS.discarded)).toBeVisible();

  expect((await fetchVersion(page, authorization, story.id)).content.title?.value).toBe(story.title);
  // Back in the editor the server's title shows, with nothing left to save.
  await openEditor(page, story.id);
  await expect(titleInput(page)).toHaveValue(story.title);
  await expect(page.getByRole('dialog', { name: 'Draft' })).toHaveCount(0);
  await expect(actionBar(page).getByText(/unsaved change/)).toHaveCount(0);
});
