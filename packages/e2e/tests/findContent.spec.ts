import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './signIn.ts';

/*
 * Finding content on the list pages (spec 001 §2.3, §2.4): filters, the URL that reproduces a view, saved presets,
 * favourites, creating content and search. Expectations come from what the page shows, not from the demo data.
 */

const cards = (page: Page) => page.getByRole('article');

/** What a card is named when its asset has no title yet (a story just created, for one). */
const UNTITLED = 'Untitled';

/** The count text above the list ('… Assets', '… Assets in'); it shows once an answer is there. */
const countText = (page: Page) => page.getByRole('status').filter({ hasText: /Assets( in)?$/ });

/** Waits until the list shows the answer to the filters on screen, not the previous answer kept while loading. */
async function expectListSettled(page: Page) {
  await expect(countText(page)).toBeVisible();
  await expect(page.getByLabel('Updating')).toBeHidden();
  await expect(page.getByLabel('Loading assets')).toBeHidden();
}

async function openAllContent(page: Page) {
  await signIn(page, 'editor', '/all-content');
  await expect(page.getByRole('tab', { name: 'All Content', selected: true })).toBeVisible();
  await expectListSettled(page);
  await expect(cards(page).first()).toBeVisible();
}

/** Opens a filter dropdown of the filter bar by its name and ticks one option, like a person does. */
async function chooseFilterOption(page: Page, filter: string, option: string) {
  await page.getByRole('button', { name: filter, exact: true }).click();
  const options = page.getByRole('listbox', { name: filter });
  await options.getByRole('option', { name: option, exact: true }).click();
  await expect(options.getByRole('option', { name: option, exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(options).toBeHidden();
  // The chip of the chosen value shows the filter is active.
  await expect(page.getByRole('button', { name: `Remove filter ${option}`, exact: true })).toBeVisible();
}

/** The chosen values of a filter dropdown, read by opening it. */
async function expectOptionChosen(page: Page, filter: string, option: string) {
  // A filter with a chosen value names its count, as its badge shows it.
  await page.getByRole('button', { name: `${filter} 1 selected`, exact: true }).click();
  const options = page.getByRole('listbox', { name: filter });
  await expect(options.getByRole('option', { name: option, exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(options).toBeHidden();
}

const queryValues = (url: URL, key: string) => url.searchParams.get(key)?.split(',') ?? [];

/** Every card shows the stencil label and the status badge. */
async function expectEveryCardShows(page: Page, texts: readonly string[]) {
  await expect(cards(page).first()).toBeVisible();
  for (const text of texts) {
    await expect(cards(page).filter({ hasNot: page.getByText(text, { exact: true }) }), `every card shows '${text}'`).toHaveCount(0);
  }
}

async function filterPublishedStories(page: Page) {
  await openAllContent(page);
  await chooseFilterOption(page, 'Asset type', 'Story');
  await chooseFilterOption(page, 'Status', 'Published');
  await expect(page).toHaveURL((url) => queryValues(url, 'stencil').includes('story') && queryValues(url, 'publishstatus').includes('published'));
  await expectListSettled(page);
  await expect(countText(page)).toHaveText(/ in$/);
  await expectEveryCardShows(page, ['Story', 'Published']);
}

/** The card of one asset version: its title (the card's name) and its locale (shown on the translations button). */
function cardOf(page: Page, version: { title: string; locale: string }): Locator {
  const locale = version.locale.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  return page
    .getByRole('article', { name: version.title, exact: true })
    .filter({ has: page.getByRole('button', { name: 'Translations' }).filter({ hasText: new RegExp(`^${locale}(\\+\\d+)?$`) }) });
}

async function versionOf(card: Locator): Promise<{ title: string; locale: string }> {
  const title = (await card.getAttribute('aria-label')) ?? '';
  const locale = ((await card.getByRole('button', { name: 'Translations' }).textContent()) ?? '').replace(/\+\d+$/, '').trim();
  return { title, locale };
}

test('filtering All Content by asset type and status shows only published stories and puts the filters in the URL', async ({ page }) => {
  await filterPublishedStories(page);
});

test('the URL reproduces a filtered view after a reload', async ({ page }) => {
  await filterPublishedStories(page);
  const firstTitle = await cards(page).first().getAttribute('aria-label');
  const filteredUrl = page.url();

  await page.reload();
  await expect(page).toHaveURL(filteredUrl);
  await expectListSettled(page);
  await expect(page.getByRole('button', { name: 'Remove filter Story', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove filter Published', exact: true })).toBeVisible();
  await expectOptionChosen(page, 'Asset type', 'Story');
  await expectOptionChosen(page, 'Status', 'Published');
  await expect(cards(page).first()).toHaveAccessibleName(firstTitle ?? '');
  await expectEveryCardShows(page, ['Story', 'Published']);
});

test('a saved filter preset brings its filters back and can be deleted', async ({ page }) => {
  await openAllContent(page);
  await chooseFilterOption(page, 'Asset type', 'Story');
  await chooseFilterOption(page, 'Status', 'Draft');
  await expectListSettled(page);
  const filtered = new URL(page.url());
  // Spec 001 §2.3: a preset is labelled with its filter values, in the order of the filter names (as in the URL).
  const label = [...filtered.searchParams.values()].flatMap((value) => value.split(',')).join(', ');
  const chips = page.getByRole('button', { name: /^Remove filter / });
  const chipCount = await chips.count();
  const firstTitle = await cards(page).first().getAttribute('aria-label');

  await page.getByRole('button', { name: 'Save filter' }).click();
  const presets = page.getByRole('list', { name: 'Saved filters' });
  const preset = presets.getByRole('listitem').filter({ has: page.getByRole('button', { name: label, exact: true }) });
  await expect(preset).toBeVisible();
  // Saved already: the button is not offered again for the same filters.
  await expect(page.getByRole('button', { name: 'Save filter' })).toBeHidden();

  // Clear every filter by its chip.
  for (let left = chipCount; left > 0; left--) {
    await chips.first().click();
    await expect(chips).toHaveCount(left - 1);
  }
  await expect(page).toHaveURL((url) => url.pathname === '/all-content' && url.search === '');
  await expectListSettled(page);
  await expect(countText(page)).toHaveText(/Assets$/);

  await preset.getByRole('button', { name: label, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/all-content' && url.search === filtered.search);
  await expect(chips).toHaveCount(chipCount);
  await expect(page.getByRole('button', { name: 'Remove filter Story', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove filter Draft', exact: true })).toBeVisible();
  await expectListSettled(page);
  await expect(cards(page).first()).toHaveAccessibleName(firstTitle ?? '');
  await expectEveryCardShows(page, ['Story', 'Draft']);

  await preset.getByRole('button', { name: `Delete saved filter ${label}`, exact: true }).click();
  await expect(preset).toHaveCount(0);
  // The filters stay; being unsaved again, they may be saved again.
  await expect(page.getByRole('button', { name: 'Save filter' })).toBeVisible();
});

test('a card starred on All Content is on Favorites and can be unstarred there', async ({ page }) => {
  await openAllContent(page);
  // The first card not starred yet whose title and locale name it alone on the page.
  const unstarred = cards(page).filter({ has: page.getByRole('button', { name: 'Favorite', pressed: false }) });
  let version: { title: string; locale: string } | undefined;
  for (const candidate of await unstarred.all()) {
    const candidateVersion = await versionOf(candidate);
    if (candidateVersion.title !== UNTITLED && (await cardOf(page, candidateVersion).count()) === 1) {
      version = candidateVersion;
      break;
    }
  }
  if (!version) throw new Error('No card on All Content can be starred');
  const card = cardOf(page, version);

  const bookmarked = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/bookmark/.test(response.url()));
  await card.getByRole('button', { name: 'Favorite' }).click();
  await expect(card.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');
  expect((await bookmarked).ok()).toBe(true);

  await page.getByRole('tab', { name: 'Favorites' }).click();
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole('tab', { name: 'Favorites', selected: true })).toBeVisible();
  await expectListSettled(page);
  const favorite = cardOf(page, version);
  // The list loads more as it is scrolled; the starred card may be further down.
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(favorite).toHaveCount(1, { timeout: 1000 });
  }).toPass();
  await expect(favorite.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');

  const unbookmarked = page.waitForResponse((response) => response.request().method() === 'DELETE' && /\/bookmark/.test(response.url()));
  await favorite.getByRole('button', { name: 'Favorite' }).click();
  await expect(favorite.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
  expect((await unbookmarked).ok()).toBe(true);

  // Gone from Favorites once the list is loaded again.
  await page.reload();
  await expectListSettled(page);
  await expect(cardOf(page, version)).toHaveCount(0);
});

test('Create Content creates a story and opens it in the editor', async ({ page }) => {
  await openAllContent(page);
  await page.getByRole('banner').getByRole('button', { name: 'Create Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Content' });
  await expect(dialog).toBeVisible();

  // Keep the preselected space and localisation; choose the first offered one where none is preselected.
  for (const name of ['Space', 'Localisation']) {
    const select = dialog.getByRole('combobox', { name });
    if ((await select.inputValue()) === '') {
      await select.click();
      await page.getByRole('option').first().click();
    }
    await expect(select).not.toHaveValue('');
  }
  const locale = await dialog.getByRole('combobox', { name: 'Localisation' }).inputValue();

  await dialog.getByRole('textbox', { name: 'Search asset type' }).fill('Story');
  const story = dialog.getByRole('button', { name: 'Story', exact: true });
  await expect(story).toBeVisible();
  await story.click();

  await expect(page).toHaveURL(new RegExp(`/assets/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/localizations/${locale}/edit$`));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Asset Editor', selected: true })).toBeVisible();
});

test('a search shows matching assets sorted by relevance', async ({ page }) => {
  // The app calls its API with the signed-in user's token; the test reads what a card does not show with it.
  let authorization: string | undefined;
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header && new URL(request.url()).pathname.startsWith('/api/')) authorization = header;
  });
  await openAllContent(page);

  // A word of a title on screen: plain letters, long enough to mean something.
  const titles = await cards(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
  const word = titles
    .filter((title) => title !== UNTITLED)
    .flatMap((title) => title.split(/[^\p{L}\p{N}]+/u)).find((candidate) => /^[A-Za-z]{5,}$/.test(candidate));
  if (!word) throw new Error(`No title on screen holds a plain word: ${titles.join(' | ')}`);

  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(word);
  await search.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === word);
  await expect(page.getByRole('button', { name: `Remove filter "${word}"`, exact: true })).toBeVisible();
  await expect(page.getByText('sorted by relevance', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Sort:/ })).toBeHidden();
  await expectListSettled(page);
  await expect(cards(page).first()).toBeVisible();

  // Every card matches: by its title, or else by its texts (teaser, body), which the card does not show.
  const needle = word.toLowerCase();
  for (const card of await cards(page).all()) {
    const title = (await card.getAttribute('aria-label')) ?? '';
    if (title.toLowerCase().includes(needle)) continue;
    const href = (await card.getByRole('link').getAttribute('href')) ?? '';
    const [, id, locale] = /\/assets\/([^/]+)\/localizations\/([^/]+)\/edit$/.exec(href) ?? [];
    const answer = await page.request.get(`/api/v1/assets/${id}/localizations/${locale}`, { headers: { authorization: authorization ?? '' } });
    expect(answer.ok()).toBe(true);
    const { content } = (await answer.json()) as { content: Record<string, { value?: unknown }> };
    // The teaser first; the search reads every text of the asset.
    const texts = [content.teaser?.value, ...Object.values(content).map((input) => input.value)].map((value) => JSON.stringify(value ?? '').toLowerCase());
    expect(
      texts.some((text) => text.includes(needle)),
      `'${title}' (${locale}) matches '${word}' by its teaser or text`,
    ).toBe(true);
  }
});

test('a malformed advanced query shows the error view with the position of the mistake', async ({ page }) => {
  await openAllContent(page);
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill('stencil =');
  await search.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'stencil =');

  const error = page.getByRole('alert').filter({ hasText: 'Oh oh, an error occurred :-(' });
  await expect(error).toBeVisible();
  await expect(error.getByText('Code: 400', { exact: true })).toBeVisible();
  await expect(error.getByText(/^Error: .*position \d+/)).toBeVisible();
  await expect(error.getByRole('button', { name: 'Ok' })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});
