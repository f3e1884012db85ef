import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { actionBar, createStory, fetchVersion, openEditor, paragraph, toast } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * The image input (spec 002 §4, spec 000 §4): a PNG added to a story's hero image is uploaded with its progress
 * shown up to 100, cropped 16x9 by hand in the crop modal, saved, and after a reload the preview shows the crop's
 * rendition in the crop's proportions.
 */

const IMAGE = { width: 1600, height: 1000 };

/** A real PNG: a horizontal gradient, so that crops of it differ. */
async function gradientPng(): Promise<Buffer> {
  const pixels = Buffer.alloc(IMAGE.width * IMAGE.height * 3);
  for (let y = 0; y < IMAGE.height; y++) {
    for (let x = 0; x < IMAGE.width; x++) {
      const offset = (y * IMAGE.width + x) * 3;
      pixels[offset] = Math.round((x / IMAGE.width) * 255);
      pixels[offset + 1] = Math.round((y / IMAGE.height) * 255);
      pixels[offset + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width: IMAGE.width, height: IMAGE.height, channels: 3 } }).png().toBuffer();
}

/** Records every value a progress bar of the page shows, however briefly. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const record = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const value = bar.getAttribute('aria-valuenow');
        if (value !== null && seen.at(-1) !== value) seen.push(value);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}

/** What the crop modal says of the selected crop: "16x9 · 1600 × 900 px at 0, 50 · manual". */
function parseCropText(text: string) {
  const match = /^(\S+) · (\d+) × (\d+) px at (\d+), (\d+) · (manual|automatic)$/.exec(text.trim());
  if (!match) throw new Error(`Not a crop description: '${text}'`);
  return { ratio: match[1], width: Number(match[2]), height: Number(match[3]), x: Number(match[4]), y: Number(match[5]), mode: match[6] };
}

test('a PNG added to the hero image uploads to 100, is cropped 16x9 by hand, saved, and its crop shows after a reload', async ({ page }) => {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  const id = await createStory(page, await authorization(), { title: `Hero image ${runMark()}`, storyContent: [paragraph('A story with a hero image.')] });
  await openEditor(page, id);

  const hero = page.getByRole('group', { name: 'Hero image' });
  await expect(hero.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
  const progressSeen = await recordProgress(page);
  await hero.locator('input[type="file"]').setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: await gradientPng() });

  const preview = hero.getByRole('img', { name: 'Hero image preview' });
  await expect(preview).toBeVisible({ timeout: 20_000 });
  const progress = (await progressSeen()).map(Number);
  expect(progress.at(-1), `progress values shown: ${progress.join(', ')}`).toBe(100);
  expect(progress.slice(0, -1).every((value) => value >= 0 && value <= 99)).toBe(true);
  expect(progress).toEqual(progress.toSorted((a, b) => a - b));
  test.info().annotations.push({ type: 'progress shown', description: progress.join(', ') });
  await expect(hero.getByText(`${IMAGE.width} × ${IMAGE.height} px · PNG`)).toBeVisible();
  await expect(hero.getByText('Uncropped')).toBeVisible();

  // Crop 16x9 by hand: shrink it from its bottom-right corner with the pointer, then move it with the arrow keys.
  await hero.getByRole('button', { name: 'Crop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crop' });
  const area = dialog.getByRole('group', { name: 'Crop area 16x9' });
  await expect(area).toBeVisible();
  const description = dialog.getByText(/^16x9 · /);
  expect(parseCropText(await description.innerText())).toMatchObject({ width: 1600, height: 900, mode: 'automatic' });
  const corner = await area.locator('[data-corner="bottom-right"]').boundingBox();
  if (!corner) throw new Error('The crop has no bottom-right handle on screen.');
  await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
  await page.mouse.down();
  await page.mouse.move(corner.x - 150, corner.y - 40, { steps: 8 });
  await page.mouse.up();
  await area.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  const crop = parseCropText(await description.innerText());
  expect(crop.mode).toBe('manual');
  expect(crop.width).toBeLessThan(1600);
  expect(Math.abs(crop.width / crop.height - 16 / 9)).toBeLessThan(0.01);
  await expect(dialog.getByRole('button', { name: '16x9, manual' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(hero.getByText('Uncropped')).toBeHidden();

  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Your asset has been successfully saved')).toBeVisible();

  const stored = await fetchVersion(page, await authorization(), id);
  const value = stored.content['hero-image']?.value as { referenceId: string; ratios: Record<string, { p1: { x: number; y: number }; p2: { x: number; y: number } }> };
  const saved = value.ratios['16x9'];
  expect(Object.keys(value.ratios)).toEqual(['16x9']);
  expect(saved).toBeDefined();
  if (!saved) return;
  const savedWidth = saved.p2.x - saved.p1.x;
  const savedHeight = saved.p2.y - saved.p1.y;
  expect(Math.abs(savedWidth - crop.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(savedHeight - crop.height)).toBeLessThanOrEqual(1);

  await page.reload();
  await expect(preview).toBeVisible();
  const src = await preview.getAttribute('src');
  expect(src).toContain(`c_crop,x_${saved.p1.x},y_${saved.p1.y},w_${savedWidth},h_${savedHeight}/`);
  const rendition = await page.request.get(src ?? '');
  expect(rendition.ok(), `GET ${src}`).toBe(true);
  const size = await sharp(await rendition.body()).metadata();
  expect(size.width).toBe(600);
  // The rendition is the crop scaled to 600 px: its height follows the crop's proportions to the pixel.
  expect(Math.abs((size.height ?? 0) - (600 * savedHeight) / savedWidth)).toBeLessThanOrEqual(1);
  expect(Math.abs((size.width ?? 0) / (size.height ?? 1) - 16 / 9)).toBeLessThan(0.01);
  test.info().annotations.push({ type: 'crop and rendition', description: `crop ${savedWidth} × ${savedHeight} at ${saved.p1.x}, ${saved.p1.y}; rendition ${size.width} × ${size.height} (${size.format})` });
});
