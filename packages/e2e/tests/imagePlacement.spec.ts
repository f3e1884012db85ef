import { expect, test, type Page } from '@playwright/test';
import { actionBar, createStory, fetchVersion, openEditor, paragraph, toast } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Image placements (spec 001 §3-§5): a story's image element placed portrait and small keeps its placement after a
 * reload, and the preview shows it so.
 */

/** A demo image's value: the hero image of the newest demo story that has one. */
async function demoImage(page: Page, authorization: string): Promise<unknown> {
  const answer = await page.request.get('/api/v1/assets?stencil=story&localization=en&limit=20', { headers: { authorization } });
  expect(answer.ok(), 'the story list').toBe(true);
  const list = (await answer.json()) as { _embedded: { item: Array<{ id: string }> } };
  for (const item of list._embedded.item) {
    const hero = (await fetchVersion(page, authorization, item.id)).content['hero-image']?.value;
    if (hero) return hero;
  }
  throw new Error('No demo story has a hero image.');
}

test('a story image placed portrait and small is kept after a reload and shown so in the preview', async ({ page }) => {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  const token = await authorization();
  const image = await demoImage(page, token);
  const id = await createStory(page, token, { title: `Placed image ${runMark()}`, storyContent: [paragraph('Above the image.'), { type: 'image', value: image }] });
  await openEditor(page, id);

  const element = page.getByRole('group', { name: 'Image 2' });
  const orientation = element.getByRole('group', { name: 'Orientation' });
  const size = element.getByRole('group', { name: 'Size' });
  await orientation.getByRole('button', { name: 'Portrait' }).click();
  await size.getByRole('button', { name: 'S', exact: true }).click();
  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Your asset has been successfully saved')).toBeVisible();

  await page.reload();
  await expect(orientation.getByRole('button', { name: 'Portrait' })).toHaveAttribute('aria-pressed', 'true');
  await expect(size.getByRole('button', { name: 'S', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const stored = await fetchVersion(page, token, id);
  const items = stored.content['story-content']?.value as Array<{ _meta?: { style?: { attributes: unknown } } }>;
  expect(items[1]?._meta?.style?.attributes).toEqual({ orientation: 'portrait', size: 'S' });

  const preview = page.frameLocator('iframe[title="Preview"]');
  const placed = preview.locator('img.inline-image.size-S.portrait');
  await expect(placed).toBeVisible();
  // Small is a third of the column; portrait is taller than wide.
  const box = await placed.boundingBox();
  expect(box && box.height > box.width).toBe(true);
});
