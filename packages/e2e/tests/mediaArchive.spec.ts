import { expect, test, type Locator, type Page } from '@playwright/test';
import { createStory, fetchVersion, openEditor, paragraph, toast } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * The media archive (spec 001 §2.7, §7; 002 §2, §4, §6, §8) on the demo archive the server seeds on its first start
 * (videos need Debian's ffmpeg, which CI installs): filtering to videos and playing one in the preview; creating a
 * video asset from an archive video, its renditions callout and a preview clip that is still there after a reload;
 * an archive image added to a story's image element through Add media, whose picture loads.
 */

const VIDEO_TITLE = 'Slow motion replay of the jump';
const IMAGE_TITLE = 'Alpine sunrise over the glacier';

const card = (scope: Page | Locator, title: string) => scope.getByRole('article', { name: title });

async function filterToVideos(page: Page) {
  await page.goto('/media-archive');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Video' }).click();
  await expect(page).toHaveURL(/type=video/);
  await expect(card(page, VIDEO_TITLE)).toBeVisible();
  await expect(card(page, IMAGE_TITLE)).toHaveCount(0);
}

test('the archive filtered to Video lists only videos, and the preview plays one', async ({ page }) => {
  await signIn(page, 'editor');
  await filterToVideos(page);
  await card(page, VIDEO_TITLE).getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: `Preview - ${VIDEO_TITLE}` });
  const video = dialog.locator('video');
  await expect(video).toBeVisible();
  // Muted, a player may start without a click on it (the browser's autoplay rule).
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { message: 'the video plays' }).toBeGreaterThan(0.5);
});

test('a video asset created from an archive video shows its renditions, and a preview clip set on it is there after a reload', async ({ page }) => {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  await filterToVideos(page);
  await card(page, VIDEO_TITLE).getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/assets\/[^/]+\/localizations\/[^/]+\/edit/);
  const [, id, locale] = /\/assets\/([^/]+)\/localizations\/([^/]+)\/edit/.exec(new URL(page.url()).pathname) ?? [];
  const video = page.getByRole('group', { name: 'Video', exact: true });
  await expect(video.getByText('Renditions are available.')).toBeVisible();
  await expect(video.getByLabel('Video player')).toHaveAttribute('src', /\/media\/archive\/.+/);
  const stored = await fetchVersion(page, await authorization(), id ?? '', { locale });
  expect(stored.content.title?.value).toBe(VIDEO_TITLE);
  expect(stored.content.duration?.value).toBe(6);

  await video.getByRole('button', { name: 'Create preview' }).click();
  const clip = page.getByRole('dialog', { name: 'Preview Clip' });
  const start = clip.getByRole('textbox', { name: 'Start time' });
  await expect(start).toBeVisible();
  await start.fill('00:01');
  await start.press('Enter');
  const end = clip.getByRole('textbox', { name: 'End time' });
  await end.fill('00:04');
  await end.press('Enter');
  await expect(clip.getByText('Start: 1,000 ms')).toBeVisible();
  await expect(clip.getByText('End: 4,000 ms')).toBeVisible();
  await clip.getByRole('button', { name: /^(Create|Update)$/ }).click();
  await expect(toast(page, 'Preview clip has been created successfully.')).toBeVisible();
  await expect(clip).toBeHidden();

  await page.reload();
  await page.getByRole('group', { name: 'Video', exact: true }).getByRole('button', { name: 'Create preview' }).click();
  const again = page.getByRole('dialog', { name: 'Preview Clip' });
  await expect(again.getByRole('textbox', { name: 'Start time' })).toHaveValue('00:01');
  await expect(again.getByRole('textbox', { name: 'End time' })).toHaveValue('00:04');
  await expect(again.getByRole('button', { name: 'Update' })).toBeVisible();

  // The archive item now knows its asset: Go to opens it.
  await page.goto('/media-archive?type=video');
  await card(page, VIDEO_TITLE).getByRole('button', { name: 'Go to' }).click();
  await expect(page).toHaveURL(new RegExp(`/assets/${id}/localizations/`));
});

test("an archive image added to a story's image element through Add media shows its picture", async ({ page }) => {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  const id = await createStory(page, await authorization(), { title: `Archive image ${runMark()}`, storyContent: [paragraph('A story with a picture from the archive.')] });
  await openEditor(page, id);

  await page.getByRole('toolbar', { name: 'Add to Story' }).getByRole('button', { name: 'Image', exact: true }).click();
  const imageElement = page.getByRole('group', { name: 'Image', exact: true }).last();
  await imageElement.getByRole('button', { name: 'Add media' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add media' });
  await card(dialog, IMAGE_TITLE).getByRole('button', { name: 'Choose' }).click();
  await expect(dialog).toBeHidden();

  const preview = page.getByRole('img', { name: 'Image preview' }).last();
  await expect(preview).toHaveAttribute('src', /\/media\/image\/upload\//);
  await expect.poll(() => preview.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), { message: 'the picture has loaded' }).toBeGreaterThan(0);
});
