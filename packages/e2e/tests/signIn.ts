import { expect, type Page } from '@playwright/test';

/** Signs in through the embedded provider's login page the way a person does. */
export async function signIn(page: Page, username: string, target = '/') {
  await page.goto(target);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Editor App').first()).toBeVisible();
}
