import { expect, test, type Page } from '@playwright/test';
import { actionBar, createStory, fetchVersion, openEditor, paragraph, toast } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Service embeds in a story (spec 002 §4, §5): a YouTube link pasted into one social embed and a Tickaroo liveblog
 * composed in another, each confirmed after the media lookup; after saving, the preview shows both as sandboxed
 * frames on their providers' embed hosts. Nothing leaves the machine: every outside frame gets a local stand-in.
 */

const SAVED = 'Your asset has been successfully saved';
const SANDBOX = 'allow-scripts allow-same-origin allow-popups';
const LIVEBLOG = '65a1f0c2e4b0a1b2c3d4e5f6';

/** Answers every request to another host with a small page, so embeds draw without calling out. */
async function standInForOutsideHosts(page: Page) {
  await page.route(/^https:\/\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>embed</title><p>embed</p>' }));
}

/** Picks a provider by typing into the select's filter (it has one from 5 providers on) and choosing the option. */
async function chooseProvider(page: Page, provider: string) {
  const select = page.getByRole('combobox', { name: 'Provider' }).first();
  // From the middle of the window the list opens where it fits: at the window's edge, the scroll that brings its
  // option into view moves the list under the pointer, and the click lands on the page behind it.
  await select.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await select.click();
  await select.fill(provider);
  await page.getByRole('option', { name: provider, exact: true }).click();
  await expect(select).toHaveValue(provider);
}

test('a YouTube and a Tickaroo embed added to a story show in its preview', async ({ page }) => {
  await standInForOutsideHosts(page);
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  const id = await createStory(page, await authorization(), {
    title: `Embeds ${runMark()}`,
    storyContent: [paragraph('Watch and follow along.'), { type: 'service-embed' }, { type: 'service-embed' }],
  });
  await openEditor(page, id);

  await chooseProvider(page, 'YouTube');
  await page.getByRole('textbox', { name: 'Reference ID' }).fill('  https://www.youtube.com/watch?v=dQw4w9WgXcQ  ');
  await page.getByRole('button', { name: 'Confirm' }).first().click();
  const youtube = page.getByTitle('YouTube embed');
  await expect(youtube).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await expect(youtube).toHaveAttribute('sandbox', SANDBOX);

  await chooseProvider(page, 'Tickaroo');
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await page.getByRole('textbox', { name: 'Liveblog ID' }).fill('not-a-liveblog');
  await expect(page.getByText('The id is invalid')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await page.getByRole('textbox', { name: 'Liveblog ID' }).fill(LIVEBLOG);
  await page.getByRole('combobox', { name: 'Theme' }).click();
  await page.getByRole('option', { name: 'WRC', exact: true }).click();
  await confirm.click();
  await expect(page.getByTitle('Tickaroo embed')).toHaveAttribute('src', new RegExp(`^https://cdn\\.tickaroo\\.com/webng/embed/liveblog\\.html\\?clientId=[0-9a-f]{24}&liveblogId=${LIVEBLOG}&themeId=WRC$`));

  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, SAVED)).toBeVisible();
  const stored = await fetchVersion(page, await authorization(), id);
  const items = stored.content['story-content']?.value as Array<{ type: string; value?: { provider: string; referenceId: string } }>;
  expect(items.slice(1).map((item) => [item.type, item.value?.provider])).toEqual([
    ['service-embed', 'youtube'],
    ['service-embed', 'tickaroo'],
  ]);
  expect(items[1]?.value?.referenceId).toBe('dQw4w9WgXcQ');

  const preview = page.frameLocator('iframe[title="Preview"]');
  const youtubeFrame = preview.locator('iframe.service-embed[title="YouTube embed"]');
  const tickarooFrame = preview.locator('iframe.service-embed[title="Tickaroo embed"]');
  await expect(youtubeFrame).toHaveAttribute('sandbox', SANDBOX, { timeout: 20_000 });
  await expect(tickarooFrame).toHaveAttribute('sandbox', SANDBOX);
  await expect(youtubeFrame).toHaveAttribute('srcdoc', /src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"/);
  await expect(tickarooFrame).toHaveAttribute('srcdoc', new RegExp(`https://cdn\\.tickaroo\\.com/webng/embed/liveblog\\.html\\?clientId=[0-9a-f]{24}&amp;liveblogId=${LIVEBLOG}`));
  // The stand-in page drew inside the embed's own frame: the preview's policy let the embed host's frame load.
  await expect(preview.frameLocator('iframe.service-embed[title="YouTube embed"]').frameLocator('iframe').getByText('embed')).toBeVisible();
});
