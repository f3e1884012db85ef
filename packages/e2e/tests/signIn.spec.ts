import { expect, test } from '@playwright/test';
import { signIn } from './signIn.ts';

test('an editor signs in through the embedded provider and lands on the dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/interaction\//);
  await page.getByLabel('Username').fill('editor');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password. Please try again.');

  await page.getByLabel('Password').fill('editor');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText('Editor App')).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu of Emma Editor' })).toBeVisible();
});

test('a user without dashboard access lands on All Content', async ({ page }) => {
  await signIn(page, 'hub');
  await expect(page).toHaveURL(/\/all-content$/);
  await expect(page.getByRole('tab', { name: 'All Content', selected: true })).toBeVisible();
});

test('signing in returns to the page the user asked for', async ({ page }) => {
  await signIn(page, 'editor', '/favorites');
  await expect(page).toHaveURL(/\/favorites$/);
});

test('Log Out ends the session and says so', async ({ page }) => {
  await signIn(page, 'editor');
  await page.getByRole('button', { name: 'User menu of Emma Editor' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByText('You have been logged out successfully')).toBeVisible();
  // The provider session is gone too: Login asks for the password again.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
});
