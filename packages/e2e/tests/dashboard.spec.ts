import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './signIn.ts';

const widget = (page: Page, name: string): Locator => page.getByRole('region', { name });

test('an editor finds all five dashboard widgets filled from the demo content', async ({ page }) => {
  await signIn(page, 'editor');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(widget(page, 'Latest Media Content').getByRole('article').first()).toBeVisible();
  await expect(widget(page, 'Event Opportunities').getByRole('button', { name: /\d{4}/ }).first()).toBeVisible();
  await expect(widget(page, 'New Athletes').getByRole('article').first()).toBeVisible();
  await expect(widget(page, 'Recents').getByRole('article').first()).toBeVisible();
  await expect(widget(page, 'Schedule').getByRole('listitem').first()).toBeVisible();
});

test('a feed of videos only is kept after a reload', async ({ page }) => {
  await signIn(page, 'editor', '/dashboard');
  const trending = widget(page, 'Latest Media Content');
  await trending.getByRole('button', { name: 'Configure your Feed' }).click();
  const modal = page.getByRole('dialog', { name: 'Configure your Feed' });
  for (const type of ['Story', 'Podcast Episode', 'Podcast Show']) await modal.getByRole('checkbox', { name: type }).uncheck();
  await expect(modal.getByRole('checkbox', { name: 'Video' })).toBeChecked();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();

  await page.reload();
  await expect(trending.getByRole('article').first()).toBeVisible();
  await expect(trending.getByRole('article').filter({ hasNotText: 'Video' })).toHaveCount(0);
  await trending.getByRole('button', { name: 'Configure your Feed' }).click();
  await expect(modal.getByRole('checkbox', { name: 'Video' })).toBeChecked();
  for (const type of ['Story', 'Podcast Episode', 'Podcast Show']) await expect(modal.getByRole('checkbox', { name: type })).not.toBeChecked();
});

test('a card starred in Recently Edited shows under Recently Favorited', async ({ page }) => {
  await signIn(page, 'editor', '/dashboard');
  const recents = widget(page, 'Recents');
  const unstarred = recents.getByRole('article').filter({ has: page.getByRole('button', { name: 'Favorite', pressed: false }) }).first();
  const title = (await unstarred.getAttribute('aria-label')) ?? '';
  await unstarred.getByRole('button', { name: 'Favorite' }).click();
  await expect(recents.getByRole('article', { name: title }).first().getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');

  await recents.getByText('Recently Favorited').click();
  const favorite = recents.getByRole('article', { name: title }).first();
  await expect(favorite).toBeVisible();
  // Left as found for the journeys after this one.
  await favorite.getByRole('button', { name: 'Favorite' }).click();
  await expect(favorite.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
});

test('the schedule shows its second page when scrolled to the end', async ({ page }) => {
  const offsets: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/panels/schedules')) offsets.push((request.postDataJSON() as { offset: number }).offset);
  });
  await signIn(page, 'editor', '/dashboard');
  const entries = widget(page, 'Schedule').getByRole('listitem');
  await expect(entries.nth(9)).toBeVisible();
  // The end of the first page in view brings the next 10 (at once when the panel has room for more).
  await entries.nth(9).scrollIntoViewIfNeeded();
  await entries.nth(10).scrollIntoViewIfNeeded();
  await expect(entries.nth(10)).toBeVisible();
  expect(offsets.slice(0, 2)).toEqual([0, 10]);
});

test('a hub user without dashboard access is sent to All Content', async ({ page }) => {
  await signIn(page, 'hub', '/dashboard');
  await expect(page).toHaveURL(/\/all-content/);
  await expect(page.getByRole('region', { name: 'Latest Media Content' })).toHaveCount(0);
});
