import { expect, type Page } from '@playwright/test';

/** Signs in through the embedded provider's login page the way a person does. */
export async function signIn(page: Page, username: string, target = '/') {
  await page.goto(target);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Editor App').first()).toBeVisible();
}

/** A short mark that makes the values one run writes recognisable. */
export const runMark = () => Math.random().toString(36).slice(2, 8);

/** The app calls its API with the signed-in user's token; a test reads and writes the server's state with it. */
export function watchAuthorization(page: Page): () => Promise<string> {
  let authorization: string | undefined;
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header && new URL(request.url()).pathname.startsWith('/api/')) authorization = header;
  });
  return async () => {
    await expect.poll(() => authorization, { message: 'the app has called its API with a token' }).toBeDefined();
    return authorization ?? '';
  };
}
