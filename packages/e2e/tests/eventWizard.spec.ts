import { expect, test } from '@playwright/test';
import { headerArea, titleInput } from './editorPage.ts';
import { signIn } from './signIn.ts';

test('an editor creates a German event profile from a dashboard event, with a place search, and lands in its editor', async ({ page }) => {
  await signIn(page, 'editor', '/dashboard');
  const events = page.getByRole('region', { name: 'Event Opportunities' }).getByRole('button', { name: /\d{4}/ });
  await expect(events.first()).toBeVisible();
  const wizard = page.getByRole('dialog', { name: 'Create Event Profile' });

  // The demo events have random translations: take the first one that has no German yet.
  let title = '';
  for (let index = 0; index < (await events.count()); index += 1) {
    await events.nth(index).click();
    title = (await wizard.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('combobox', { name: 'Localisation' }).click();
    const german = page.getByRole('option', { name: 'de', exact: true });
    if (await german.isVisible()) {
      await german.click();
      break;
    }
    await page.keyboard.press('Escape');
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await expect(wizard).toBeHidden();
  }
  await wizard.getByRole('radio', { name: 'A new event profile' }).click();
  await wizard.getByRole('button', { name: 'Continue' }).click();

  await expect(wizard.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
  await wizard.getByRole('combobox', { name: 'Search a place' }).fill('salzb');
  await page.getByRole('option', { name: 'Salzburg, Austria', exact: true }).click();
  await expect(wizard.getByLabel('Place', { exact: true })).toContainText('Salzburg, Austria');
  await expect(wizard.getByRole('textbox', { name: /^Time zone/ })).toHaveValue('Europe/Vienna');
  await wizard.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByText('Event Profile has been created and is now ready to publish')).toBeVisible();
  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}\/localizations\/de\/edit$/);
  await expect(wizard).toBeHidden();
  await expect(headerArea(page)).toBeVisible();
  await expect(titleInput(page)).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Venue', exact: true })).toHaveValue('Salzburg');
  // The proposed URL slug was free, so it was claimed.
  await expect(page.getByText('The selected URL will not be applied to the created event')).toHaveCount(0);
});
