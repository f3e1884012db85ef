import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
// The server's image library (a workspace dependency of packages/server) makes the test's real image files.
import sharp from 'sharp';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Uploading images (spec 001 §2.8, 000 §4, §7): three real files picked on the Image Uploads page, credits set for
 * all, uploaded as image assets, then found on My Content. Runs against the real server and its image service.
 */

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

interface TestImage {
  file: string;
  title: string;
}

/** Writes a small image of one colour with a gradient stripe, as PNG or JPEG, into the folder. */
async function writeImage(folder: string, name: string, format: 'png' | 'jpeg', colour: { r: number; g: number; b: number }): Promise<string> {
  const file = path.join(folder, name);
  const stripe = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="80"><rect width="640" height="80" fill="white" opacity="0.6"/></svg>`);
  await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .composite([{ input: stripe, top: 200, left: 0 }])
    .toFormat(format)
    .toFile(file);
  return file;
}

async function writeImages(mark: string): Promise<TestImage[]> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'editor-uploads-'));
  return [
    { file: await writeImage(folder, `${mark}-harbour_sunrise.png`, 'png', { r: 230, g: 120, b: 40 }), title: `${mark} harbour sunrise` },
    { file: await writeImage(folder, `${mark}-alpine-lake.jpg`, 'jpeg', { r: 40, g: 110, b: 200 }), title: `${mark} alpine lake` },
    { file: await writeImage(folder, `${mark}-forest-trail.png`, 'png', { r: 30, g: 140, b: 60 }), title: `${mark} forest trail` },
  ];
}

test('uploads three images with credits for all and finds them on My Content', async ({ page }) => {
  const mark = runMark();
  const images = await writeImages(mark);
  const credits = `Photo Desk ${mark}`;
  const authorization = watchAuthorization(page);

  await signIn(page, 'editor', '/image-uploads');
  await expect(page.getByRole('tab', { name: 'Image Uploads', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Please upload images here' })).toBeVisible();

  await page.getByLabel('Choose file(s)').setInputFiles(images.map((image) => image.file));
  const rows = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  for (const image of images) {
    const row = rows.filter({ hasText: path.basename(image.file) });
    await expect(row.getByRole('textbox', { name: /^Title/ })).toHaveValue(image.title);
    // The thumbnail shows the local file before anything is sent.
    await expect(row.getByRole('img', { name: `Preview of ${path.basename(image.file)}` })).toHaveJSProperty('naturalWidth', 640);
  }
  await expect(page.getByRole('textbox', { name: /^SEO filename/ }).first()).toHaveValue(`${mark}-harbour-sunrise`);

  await page.getByRole('textbox', { name: 'Credits for all images' }).fill(credits);
  await page.keyboard.press('Tab');
  await expect(toast(page, `Credits value "${credits}" has been applied to all images automatically`)).toBeVisible();

  await page.getByRole('button', { name: 'Upload images' }).click();
  await expect(toast(page, '3 images have been added to My Content')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('3 of 3 images uploaded')).toBeVisible();
  await expect(rows.getByRole('link', { name: 'Open image asset' })).toHaveCount(3);

  // Each asset holds its texts and the uploaded image, whose address delivers it.
  const href = await rows.first().getByRole('link', { name: 'Open image asset' }).getAttribute('href');
  const [, id, locale] = /^\/assets\/([^/]+)\/localizations\/([^/]+)\/edit$/.exec(href ?? '') ?? [];
  const answer = await page.request.get(`/api/v1/assets/${id}/localizations/${locale}`, { headers: { authorization: await authorization() } });
  expect(answer.ok()).toBe(true);
  const version = (await answer.json()) as { content: Record<string, { value?: unknown }> };
  expect(version.content.credits?.value).toBe(credits);
  expect(version.content['seo-filename']?.value).toBe(`${mark}-harbour-sunrise`);
  expect(version.content.image?.value).toMatchObject({ provider: 'cloudinary', mediaType: 'image', width: 640, height: 480, imageFormat: 'png' });

  await page.getByRole('tab', { name: 'My Content' }).click();
  await expect(page).toHaveURL(/\/my-content/);
  for (const image of images) await expect(page.getByRole('article').filter({ hasText: image.title })).toBeVisible();
});
