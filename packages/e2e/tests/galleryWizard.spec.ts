import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
// The server's image library (a workspace dependency of packages/server) makes the test's real image files.
import sharp from 'sharp';
import { fetchVersion, startFromCreateContent, toast } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * The image gallery wizard (spec 001 §2.6, §4, §7): a gallery made from three local files and two archive images,
 * reordered, tagged, created, and opened in the editor with its five images in the chosen order.
 */

async function writeImages(mark: string): Promise<string[]> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'editor-gallery-'));
  const colours = [
    { r: 230, g: 120, b: 40 },
    { r: 40, g: 110, b: 200 },
    { r: 30, g: 140, b: 60 },
  ];
  return Promise.all(
    ['red-cliff', 'blue-bay', 'green-ridge'].map(async (name, index) => {
      const file = path.join(folder, `${mark}-${name}.png`);
      await sharp({ create: { width: 480, height: 320, channels: 3, background: colours[index] ?? { r: 0, g: 0, b: 0 } } })
        .png()
        .toFile(file);
      return file;
    }),
  );
}

const wizard = (page: Page) => page.getByRole('dialog').last();

test('creates a gallery from three local files and two archive images, reordered and tagged, and opens it in the editor', async ({ page }) => {
  test.setTimeout(120_000);
  const mark = runMark();
  const files = await writeImages(mark);
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor', '/all-content');

  await startFromCreateContent(page, 'Image Gallery');

  // Bucket selection: the title and three files from the disk.
  await expect(wizard(page).getByRole('textbox', { name: /Gallery title/ })).toBeVisible();
  await wizard(page).getByRole('textbox', { name: /Gallery title/ }).fill(`Cliff diving ${mark}`);
  await wizard(page).getByRole('radio', { name: 'Local uploads' }).check();
  await wizard(page).getByLabel('Choose file(s)').setInputFiles(files);
  await wizard(page).getByRole('button', { name: 'Continue' }).click();

  // Questionnaire: credits for the uploads.
  await expect(page.getByRole('dialog', { name: 'Create Image Gallery' })).toBeVisible();
  await wizard(page).getByRole('switch', { name: 'Apply credits to all images' }).check({ force: true });
  await wizard(page).getByRole('textbox', { name: /Credits/ }).fill(`Photo Desk ${mark}`);
  await wizard(page).getByRole('button', { name: 'Continue' }).click();

  // Overview: three uploads; then two archive images are added.
  await expect(wizard(page).getByRole('listitem')).toHaveCount(3);
  await wizard(page).getByRole('button', { name: 'Add images' }).click();
  await wizard(page).getByRole('radio', { name: 'Media archive' }).check();
  await wizard(page).getByRole('button', { name: 'Continue' }).click();
  const choices = wizard(page).getByRole('checkbox', { disabled: false });
  await expect(choices.nth(1)).toBeVisible({ timeout: 20_000 });
  await choices.nth(0).check();
  await choices.nth(1).check();
  await wizard(page).getByRole('button', { name: 'Continue' }).click();
  await wizard(page).getByRole('button', { name: 'Continue' }).click();
  await expect(wizard(page).getByRole('listitem')).toHaveCount(5);

  // Tagging: a suggested discipline.
  await wizard(page).getByRole('tab', { name: 'Tagging' }).click();
  const suggestion = wizard(page).getByRole('group', { name: 'Disciplines' }).getByRole('button', { name: /^Add / }).first();
  await expect(suggestion).toBeVisible({ timeout: 20_000 });
  await suggestion.click();
  await expect(wizard(page).getByRole('group', { name: 'Disciplines' }).getByRole('button', { name: /^Remove / })).toHaveCount(1);
  await wizard(page).getByRole('button', { name: 'Continue' }).click();

  // Ordering: the first image is moved one place on with the keyboard.
  await expect(page.getByRole('dialog', { name: 'Sort Image Gallery' })).toBeVisible();
  const rail = wizard(page).getByLabel('Thumbnail rail').getByRole('img');
  await expect(rail).toHaveCount(5);
  const before = await rail.evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
  const handle = wizard(page).getByRole('button', { name: 'Drag to reorder' }).first();
  await handle.focus();
  await page.keyboard.press('Space');
  // The drag has begun (the handle reads as pressed) before the arrow moves it; a busy machine may take a frame or two.
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  const expected = [before[1], before[0], ...before.slice(2)];
  await expect.poll(() => rail.evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual(expected);
  await wizard(page).getByRole('button', { name: 'Continue' }).click();

  // Creation, then the editor on the gallery with its five images in that order.
  await expect(toast(page, 'Image Gallery has been created.')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/assets\/[^/]+\/localizations\/[^/]+\/edit$/);
  const [, id, locale] = /\/assets\/([^/]+)\/localizations\/([^/]+)\/edit$/.exec(new URL(page.url()).pathname) ?? [];
  const version = await fetchVersion(page, await authorization(), id ?? '', { locale: locale ?? 'en' });
  const images = version.content.images?.value as { id: string }[];
  expect(images).toHaveLength(5);
  const titles: string[] = [];
  for (const image of images) {
    const imageVersion = await fetchVersion(page, await authorization(), image.id, { locale: locale ?? 'en' });
    titles.push(String(imageVersion.content.title?.value));
  }
  expect(titles).toEqual(expected);
  expect(version.content.disciplines?.value).toHaveLength(1);
  const gallery = page.getByRole('region', { name: 'Gallery' });
  await expect(gallery).toBeVisible();
  for (const title of expected) await expect(gallery.getByText(title ?? '', { exact: true }).first()).toBeVisible();
});
