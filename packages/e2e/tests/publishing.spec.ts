import { expect, test, type Locator, type Page } from '@playwright/test';
import { actionBar, createStory, fetchVersion, openEditor, paragraph, titleInput, toast, versionPath } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Publishing (spec 002 §2, §4, §5): publish with an unpublish date that the scheduler then carries out, unpublish an
 * asset another asset uses, and the live preview after a save. The first two journeys create their own stories
 * through the API with the signed-in user's token; the preview journey opens a demo story found through the list API.
 */

const LOCALE = 'en';
const TEXTS = {
  saved: 'Your asset has been successfully saved',
  published: 'Yay!! Your asset has been published',
  unpublished: 'Your asset has been unpublished',
  noSchedule: 'There is no publish schedule set for this asset.',
  noHistory: 'There is no publish history available for this asset.',
} as const;
/** Titles of the stories this file creates start so; the preview journey passes over them. */
const CREATED_PREFIX = 'Publishing journey';

/** Signs in as Emma Editor and answers her token. */
async function signInAsEditor(page: Page): Promise<string> {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  return authorization();
}

async function publishThroughApi(page: Page, authorization: string, id: string) {
  const answer = await page.request.post(`${versionPath(id)}/publish`, { headers: { authorization }, data: { publishSchedule: { startDate: null, endDate: null } } });
  expect(answer.ok(), `publish ${id}: ${await answer.text()}`).toBe(true);
  expect((await fetchVersion(page, authorization, id))._meta.status).toBe('published');
}

/**
 * A demo story the user may edit with a title, not one this file created: the `slot`-th such story counted from the
 * oldest, so that the journeys of editor.spec.ts (which count from the newest) keep theirs.
 */
async function findDemoStory(page: Page, authorization: string, slot: number): Promise<{ id: string; title: string }> {
  const answer = await page.request.get(`/api/v1/assets?stencil=story&localization=${LOCALE}&sortBy=lastCreated&limit=100`, { headers: { authorization } });
  expect(answer.ok(), 'the story list').toBe(true);
  const list = (await answer.json()) as { _embedded: { item: Array<{ id: string; _links: { self: { methods: string[] } } }> } };
  const editable = list._embedded.item.filter((item) => item._links.self.methods.includes('PUT')).toReversed();
  let found = 0;
  for (const item of editable) {
    const version = await fetchVersion(page, authorization, item.id);
    const title = version.content.title?.value;
    if (typeof title !== 'string' || title === '' || title.startsWith(CREATED_PREFIX)) continue;
    if (found++ === slot) return { id: version.id, title };
  }
  throw new Error(`Fewer than ${slot + 1} editable demo stories in ${LOCALE} have a title.`);
}

const statusTag = (page: Page, status: string) => actionBar(page).getByText(status, { exact: true });
const section = (page: Page, name: 'Overview' | 'Upcoming' | 'History') => page.getByRole('region', { name, exact: true });
const upcoming = (page: Page) => section(page, 'Upcoming').getByRole('list', { name: 'Upcoming transitions' }).getByRole('listitem');
const pastTransitions = (page: Page) => section(page, 'History').getByRole('list', { name: 'Past transitions' }).getByRole('listitem');

async function openLifecycleTab(page: Page) {
  await page.getByRole('tab', { name: 'Lifecycle', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Lifecycle', selected: true })).toBeVisible();
  await expect(page.getByLabel('Loading lifecycle')).toBeHidden();
  await expect(section(page, 'Overview')).toBeVisible();
}

/** A moment's wall-clock parts in the browser's (and this process's) time zone, the way the picker shows them. */
function pickerParts(moment: Date) {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${moment.getDate()} ${moment.toLocaleString('en-US', { month: 'long' })} ${moment.getFullYear()}`;
  return { day, hours: pad(moment.getHours()), minutes: pad(moment.getMinutes()) };
}

/** Sets a DateTimePicker of the publish form the way a person does: the day in the calendar, then hours and minutes. */
async function pickDateTime(page: Page, form: Locator, label: string, moment: Date) {
  const { day, hours, minutes } = pickerParts(moment);
  await form.getByRole('button', { name: label, exact: true }).click();
  const dropdown = page.getByRole('dialog').filter({ has: page.getByLabel(`${label} hours`) });
  await expect(dropdown).toBeVisible();
  const nextMonth = dropdown.locator('[data-direction="next"]');
  // The calendar opens on the current month; a moment in the next one (a run just before midnight) is a page on.
  if (moment.getMonth() !== new Date().getMonth()) await nextMonth.click();
  await dropdown.getByRole('button', { name: day, exact: true }).click();
  // The hours and minutes are spin inputs that take typed digits.
  const hoursInput = dropdown.getByLabel(`${label} hours`);
  await hoursInput.fill(hours);
  const minutesInput = dropdown.getByLabel(`${label} minutes`);
  await minutesInput.fill(minutes);
  await expect(hoursInput).toHaveValue(hours);
  await expect(minutesInput).toHaveValue(minutes);
  await dropdown.getByRole('button', { name: `Set ${label}` }).click();
  await expect(dropdown).toBeHidden();
}

test('a story published with an unpublish date is unpublished by the scheduler and says so in its lifecycle', async ({ page }) => {
  test.setTimeout(240_000);
  const authorization = await signInAsEditor(page);
  const title = `${CREATED_PREFIX}: Red Bull Cliff Diving ${runMark()}`;
  const id = await createStory(page, authorization, { title, storyContent: [paragraph('The divers open the season above the Neretva.')] });
  await openEditor(page, id);
  await expect(statusTag(page, 'Draft')).toBeVisible();

  await openLifecycleTab(page);
  await expect(section(page, 'Upcoming').getByText(TEXTS.noSchedule)).toBeVisible();
  await expect(section(page, 'History').getByText(TEXTS.noHistory)).toBeVisible();

  await actionBar(page).getByRole('button', { name: 'Publish', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Publish', exact: true });
  await expect(modal).toBeVisible();
  // The publish check runs first; the form shows once it has passed.
  await expect(modal.getByRole('button', { name: 'Unpublish date', exact: true })).toBeVisible();
  // The picker counts in whole minutes: the next minute but one is between one and two minutes ahead.
  const unpublishAt = new Date(Date.now() + 120_000);
  unpublishAt.setSeconds(0, 0);
  await pickDateTime(page, modal, 'Unpublish date', unpublishAt);
  const { day, hours, minutes } = pickerParts(unpublishAt);
  const shown = `${day.replace(/^(\d+) (\w{3})\w* /, (_, d: string, m: string) => `${d.padStart(2, '0')} ${m} `)} ${hours}:${minutes}`;
  await expect(modal.getByRole('button', { name: 'Unpublish date', exact: true })).toHaveText(shown);
  await expect(modal.getByRole('alert')).toHaveCount(0);

  const published = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith(`${versionPath(id)}/publish`));
  await modal.getByRole('button', { name: 'Publish', exact: true }).click();
  expect((await published).status()).toBe(200);
  await expect(toast(page, TEXTS.published)).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(statusTag(page, 'Published')).toBeVisible();

  // The server keeps the chosen moment as the schedule's end.
  const stored = await fetchVersion(page, authorization, id);
  expect(stored._meta.status).toBe('published');
  expect(new Date(stored._meta.publishSchedule?.endDate ?? 0).getTime()).toBe(unpublishAt.getTime());

  // Lifecycle: the unpublish waits in Upcoming, the publish is history.
  await openLifecycleTab(page);
  await expect(upcoming(page)).toHaveCount(1);
  await expect(upcoming(page).first().getByText('Unpublish', { exact: true })).toBeVisible();
  await expect(upcoming(page).first()).toContainText(`${hours}:${minutes} by Emma Editor`);
  await expect(pastTransitions(page)).toHaveCount(1);
  await expect(pastTransitions(page).first().getByText('Published', { exact: true })).toBeVisible();

  // The scheduler unpublishes the story once the moment has passed.
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(titleInput(page)).toBeEditable();
        return (await actionBar(page).getByText(/^(Published|Unpublished)$/).first().textContent()) ?? '';
      },
      { message: 'the scheduler has unpublished the story', timeout: 180_000, intervals: [5_000] },
    )
    .toBe('Unpublished');
  expect(Date.now()).toBeGreaterThanOrEqual(unpublishAt.getTime());
  await expect(statusTag(page, 'Unpublished')).toBeVisible();
  await openLifecycleTab(page);
  await expect(section(page, 'Overview').getByText('Unpublished', { exact: true })).toBeVisible();
  await expect(section(page, 'Upcoming').getByText(TEXTS.noSchedule)).toBeVisible();
  await expect(pastTransitions(page)).toHaveCount(2);
  // Newest first: the scheduler's unpublish, in the name of the user who scheduled it, then the publish.
  await expect(pastTransitions(page).first().getByText('Unpublished', { exact: true })).toBeVisible();
  await expect(pastTransitions(page).first()).toContainText(/ by Emma Editor$/);
  await expect(pastTransitions(page).nth(1).getByText('Published', { exact: true })).toBeVisible();
  expect((await fetchVersion(page, authorization, id))._meta.status).toBe('unpublished');
});

test('unpublishing a story another story embeds tells how often it is used, and unpublishes it', async ({ page }) => {
  const authorization = await signInAsEditor(page);
  const mark = runMark();
  const used = await createStory(page, authorization, { title: `${CREATED_PREFIX}: the embedded story ${mark}`, storyContent: [paragraph('Shown inside another story.')] });
  await createStory(page, authorization, {
    title: `${CREATED_PREFIX}: the embedding story ${mark}`,
    storyContent: [paragraph('Read this one too:'), { type: 'embedded-content', value: { id: used, stencil: 'story' } }],
  });
  await publishThroughApi(page, authorization, used);

  await openEditor(page, used);
  await expect(statusTag(page, 'Published')).toBeVisible();
  await actionBar(page).getByRole('button', { name: 'Unpublish', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Unpublish', exact: true });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('This asset is used by 1 other asset(s).', { exact: true })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Cancel' })).toBeEnabled();

  await modal.getByRole('button', { name: 'Unpublish', exact: true }).click();
  await expect(toast(page, TEXTS.unpublished)).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(statusTag(page, 'Unpublished')).toBeVisible();
  await expect(actionBar(page).getByRole('button', { name: 'Unpublish', exact: true })).toHaveCount(0);
  expect((await fetchVersion(page, authorization, used))._meta.status).toBe('unpublished');

  // It stays unpublished after a reload.
  await page.reload();
  await expect(statusTag(page, 'Unpublished')).toBeVisible();
});

test('the preview shows a saved title', async ({ page }) => {
  const authorization = await signInAsEditor(page);
  const story = await findDemoStory(page, authorization, 0);
  await openEditor(page, story.id);
  const preview = page.frameLocator('iframe[title="Preview"]');
  await expect(preview.getByText(story.title).first()).toBeVisible();

  const title = `${story.title.slice(0, 40)}, previewed ${runMark()}`;
  await titleInput(page).fill(title);
  await expect(actionBar(page).getByText(/^\d+ unsaved changes?$/)).toBeVisible();
  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, TEXTS.saved)).toBeVisible();

  await expect(preview.getByText(title).first()).toBeVisible();
  expect((await fetchVersion(page, authorization, story.id)).content.title?.value).toBe(title);
});
