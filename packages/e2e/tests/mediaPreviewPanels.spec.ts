import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn.ts';

/*
 * Media preview panels in the lists (spec 001 §2.3): an image asset and a video asset made from the demo archive's
 * items, found in All Content, each opened in its preview panel from the card's picture: the image loads large, the
 * video plays in the browser's player.
 */

const VIDEO_TITLE = 'Slow motion replay of the jump';
const IMAGE_TITLE = 'Alpine sunrise over the glacier';

/** Makes (or, when an earlier journey made it, opens) the asset of an archive item, so All Content lists it. */
async function assetFromArchive(page: Page, type: 'Image' | 'Video', title: string) {
  await page.goto('/media-archive');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: type }).click();
  const item = page.getByRole('article', { name: title });
  await item.getByRole('button', { name: /^(Create|Go to)$/ }).first().click();
  await expect(page).toHaveURL(/\/assets\/[^/]+\/localizations\/[^/]+\/edit/);
}

/** The first card of All Content found by searching its title. */
async function findInAllContent(page: Page, title: string) {
  await page.goto('/all-content');
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(title);
  await search.press('Enter');
  const card = page.getByRole('article', { name: title }).first();
  await expect(card).toBeVisible();
  return card;
}

test('from All Content, an image opens large in its preview panel and a video plays in its own', async ({ page }) => {
  await signIn(page, 'editor');
  await assetFromArchive(page, 'Image', IMAGE_TITLE);
  await assetFromArchive(page, 'Video', VIDEO_TITLE);

  const imageCard = await findInAllContent(page, IMAGE_TITLE);
  // Reached from the keyboard, named for screen readers.
  const previewImage = imageCard.getByRole('button', { name: 'Preview image' });
  await previewImage.focus();
  await page.keyboard.press('Enter');
  const imagePanel = page.getByRole('dialog', { name: `Preview image - ${IMAGE_TITLE}` });
  const picture = imagePanel.getByRole('img', { name: IMAGE_TITLE });
  await expect(picture).toHaveAttribute('src', /w_1500/);
  await expect.poll(() => picture.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), { message: 'the large image loads' }).toBeGreaterThan(400);
  await expect(imagePanel.getByText(/^\d+ × \d+ px$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(imagePanel).toBeHidden();

  const videoCard = await findInAllContent(page, VIDEO_TITLE);
  await videoCard.getByRole('button', { name: 'Preview video' }).click();
  const videoPanel = page.getByRole('dialog', { name: `Preview video - ${VIDEO_TITLE}` });
  const video = videoPanel.locator('video');
  await expect(video).toHaveAttribute('src', /\/media\/archive\/.+/);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { message: 'the video plays' }).toBeGreaterThan(0.5);
});
