import { expect, test, type Page } from '@playwright/test';
import { createStory, openEditor, paragraph, titleInput } from './editorPage.ts';
import { runMark, watchAuthorization } from './signIn.ts';

/*
 * The browser protections of the app and the sign-in pages: their headers, and a whole journey (signing in, the list,
 * a story in the editor with its live preview, and a reload) that breaks none of the Content-Security-Policy rules.
 */

/** A policy as directive → sources. */
function directives(policy: string | undefined): Record<string, string[]> {
  return Object.fromEntries((policy ?? '').split(';').map((part) => {
    const [name = '', ...sources] = part.trim().split(/\s+/);
    return [name, sources];
  }));
}

/**
 * Collects what the browser refused under a policy, in the page and in its frames: the console's own reports and the
 * `securitypolicyviolation` events, which an init script (it runs in every frame, past the policy) passes on.
 */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} in ${event.documentURI} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`);
    });
  });
  return violations;
}

test('the app and the sign-in page carry their protections, and a journey through them breaks no policy rule', async ({ page }) => {
  const violations = watchViolations(page);
  const signInPage = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/interaction/') && response.request().resourceType() === 'document');
  const appPage = await page.goto('/all-content');
  const appHeaders = appPage?.headers() ?? {};
  const appPolicy = directives(appHeaders['content-security-policy']);
  expect(appPolicy['script-src']).toEqual(["'self'"]);
  expect(appPolicy['frame-ancestors']).toEqual(["'none'"]);
  // Our own preview, and the embed hosts of service embeds (each a whole https origin, always in a sandboxed frame).
  expect(appPolicy['frame-src']?.[0]).toBe("'self'");
  expect(appPolicy['frame-src']).toContain('https://www.youtube-nocookie.com');
  for (const host of appPolicy['frame-src']?.slice(1) ?? []) expect(host).toMatch(/^https:\/\/[a-z0-9.-]+$/);
  expect(appHeaders['x-content-type-options']).toBe('nosniff');
  expect(appHeaders['referrer-policy']).toBe('strict-origin-when-cross-origin');

  const loginHeaders = (await signInPage).headers();
  const loginPolicy = directives(loginHeaders['content-security-policy']);
  expect(loginPolicy['default-src']).toEqual(["'none'"]);
  expect(loginPolicy['frame-ancestors']).toEqual(["'none'"]);
  expect(loginPolicy['form-action']).toEqual(["'self'"]);
  expect(loginHeaders['x-frame-options']).toBe('DENY');

  // Signing in on the page the app sent us to, as a person does.
  const authorization = watchAuthorization(page);
  await page.getByLabel('Username').fill('editor');
  await page.getByLabel('Password').fill('editor');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tab', { name: 'All Content', selected: true })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  const title = `Protected story ${runMark()}`;
  const id = await createStory(page, await authorization(), { title, storyContent: [paragraph('A paragraph under a strict policy.')] });
  await openEditor(page, id);
  const preview = page.frameLocator('iframe[title="Preview"]');
  await expect(preview.getByText(title).first()).toBeVisible();
  await expect(preview.getByText('A paragraph under a strict policy.')).toBeVisible();

  // A reload revalidates the page (304): it must keep its own policy, not take one for other answers.
  await page.reload();
  await expect(titleInput(page)).toHaveValue(title);
  await expect(preview.getByText(title).first()).toBeVisible();

  expect(violations).toEqual([]);
});
