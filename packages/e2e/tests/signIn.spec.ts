import { expect, test } from '@playwright/test';
import { signIn, watchAuthorization } from './signIn.ts';

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

test('the sign-in lives in the page only: reload and a second tab stay signed in without the form, Log Out ends it', async ({ page, context }) => {
  const loginFormsShown: string[] = [];
  context.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname.startsWith('/interaction/')) loginFormsShown.push(request.url());
  });
  const bearer = watchAuthorization(page);
  await signIn(page, 'editor', '/favorites');
  await expect(page).toHaveURL(/\/favorites$/);
  const idToken = (await bearer()).replace(/^Bearer /, '');
  const storedText = () => page.evaluate(() => [sessionStorage, localStorage].flatMap((storage) => Object.entries(storage).map(([key, value]) => `${key}=${value}`)).join('\n'));
  const stored = await storedText();
  expect(stored).not.toContain(idToken);
  expect(stored).not.toContain('oidc.user:');
  expect(stored).not.toMatch(/refresh_token|access_token|id_token/);
  const formsAtSignIn = loginFormsShown.length;

  await page.reload();
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole('button', { name: 'User menu of Emma Editor' })).toBeVisible();
  expect(await storedText()).not.toMatch(/refresh_token|access_token|id_token/);

  const second = await context.newPage();
  await second.goto('/my-content');
  await expect(second).toHaveURL(/\/my-content$/);
  await expect(second.getByRole('button', { name: 'User menu of Emma Editor' })).toBeVisible();
  expect(loginFormsShown).toHaveLength(formsAtSignIn);

  await page.getByRole('button', { name: 'User menu of Emma Editor' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByText('You have been logged out successfully')).toBeVisible();
  // The provider's session is what a new page signs in with: once it has ended, the other tab's reload asks for the password.
  await second.reload();
  await expect(second.getByLabel('Username')).toBeVisible();
});

test('a reload and a new tab show the signed-in page directly: the provider is asked in a hidden frame, never on the page itself', async ({ page, context }) => {
  await signIn(page, 'editor', '/favorites');
  await expect(page).toHaveURL(/\/favorites$/);

  /** Where each page's own address went, and what its hidden frames asked the provider. */
  const watch = (watched: typeof page) => {
    const pageVisits: string[] = [];
    const quietAsks: string[] = [];
    watched.on('framenavigated', (frame) => {
      if (frame === watched.mainFrame()) pageVisits.push(frame.url());
    });
    watched.on('request', (request) => {
      const url = new URL(request.url());
      if (request.isNavigationRequest() && request.frame() !== watched.mainFrame() && url.pathname === '/oidc/auth') quietAsks.push(url.searchParams.get('prompt') ?? '');
    });
    return { pageVisits, quietAsks };
  };
  const SIGN_IN_PAGES = ['/login', '/callback', '/silent-callback'];
  const throughSignIn = (visits: string[]) =>
    visits.filter((url) => {
      const { pathname } = new URL(url);
      return pathname.startsWith('/oidc') || pathname.startsWith('/interaction/') || SIGN_IN_PAGES.includes(pathname);
    });

  const reloaded = watch(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Favorites' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu of Emma Editor' })).toBeVisible();
  expect(reloaded.quietAsks).toEqual(['none']);
  expect(throughSignIn(reloaded.pageVisits)).toEqual([]);
  expect(reloaded.pageVisits.every((url) => new URL(url).pathname === '/favorites')).toBe(true);
  // The hidden frame is gone once it has answered.
  await expect(page.locator('iframe[title="Quiet sign-in"]')).toHaveCount(0);

  const second = await context.newPage();
  const opened = watch(second);
  await second.goto('/my-content');
  await expect(second.getByRole('heading', { name: 'My Content' }).first()).toBeVisible();
  expect(opened.quietAsks).toEqual(['none']);
  expect(throughSignIn(opened.pageVisits)).toEqual([]);
});

test('with a provider that refuses to be framed, a reload goes the visible way through the provider, as before, and lands on the page', async ({ page }) => {
  await signIn(page, 'editor', '/favorites');
  await expect(page).toHaveURL(/\/favorites$/);
  // The provider's authorization endpoint answers a frame with a page that may not be framed (as some company providers do).
  let refusedFrames = 0;
  await page.route('**/oidc/auth?**', async (route) => {
    if (route.request().frame() === page.mainFrame()) return route.continue();
    refusedFrames += 1;
    return route.fulfill({ status: 200, contentType: 'text/html', headers: { 'x-frame-options': 'DENY' }, body: '<!doctype html><title>Sign in</title>' });
  });
  const pageVisits: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) pageVisits.push(new URL(frame.url()).pathname);
  });
  await page.reload();
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole('button', { name: 'User menu of Emma Editor' })).toBeVisible();
  expect(refusedFrames).toBe(1);
  // The visible way: the login page, the provider's quiet answer to /callback, then the page asked for; no login form.
  expect(pageVisits).toEqual(expect.arrayContaining(['/login', '/callback']));
  expect(pageVisits.some((path) => path.startsWith('/interaction/'))).toBe(false);
});
