import { expect, test } from '@playwright/test';
import { signIn } from './signIn.ts';

test('the preferred localisation chosen in the profile is kept after a reload', async ({ page }) => {
  await signIn(page, 'editor');
  await page.getByRole('button', { name: 'User menu of Emma Editor' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();

  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  await expect(dialog.getByText('Hello Emma Editor')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Preferred localisation' }).click();
  await page.getByRole('option', { name: 'fr', exact: true }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: 'User menu of Emma Editor' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'My Profile' }).getByRole('combobox', { name: 'Preferred localisation' })).toHaveValue('fr');
});
