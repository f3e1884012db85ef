import { expect, test, type Page } from '@playwright/test';
import { actionBar, createStory, fetchVersion, openEditor, paragraph, titleInput, toast } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Revisions (issue 41): every save is kept; the History tab compares any two and restores one, and a restore over
 * someone's newer save shows the conflict modal instead of overwriting it.
 */

const SAVED = 'Your asset has been successfully saved';

async function saveTitle(page: Page, title: string) {
  await titleInput(page).fill(title);
  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  const saved = toast(page, SAVED);
  await expect(saved).toBeVisible();
  await expect(titleInput(page)).toHaveValue(title);
  // The toast covers the action bar's end; closed, the next save can be pressed.
  await saved.getByRole('button').click();
  await expect(saved).toBeHidden();
}

const revisionRow = (page: Page, revision: number) => page.getByRole('list', { name: 'Revisions' }).getByRole('button', { name: new RegExp(`^Revision ${revision}:`) });

async function openHistory(page: Page) {
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('list', { name: 'Revisions' })).toBeVisible();
}

async function startStory(page: Page, mark: string) {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  const token = await authorization();
  const id = await createStory(page, token, { title: `Revisions ${mark} draft`, storyContent: [paragraph('The ice was thick.')] });
  await openEditor(page, id);
  return { id, token };
}

test('three titles saved, the first and the third compared, the first restored and still there after a reload', async ({ page }) => {
  const mark = runMark();
  const { id, token } = await startStory(page, mark);
  const titles = [`Revisions ${mark} first`, `Revisions ${mark} second`, `Revisions ${mark} third`];
  for (const title of titles) await saveTitle(page, title);
  const third = (await fetchVersion(page, token, id))._meta.version;
  const first = third - 2;

  await openHistory(page);
  await expect(revisionRow(page, third)).toContainText('Current');
  await expect(revisionRow(page, first)).toContainText('Saved');
  await expect(revisionRow(page, first)).toContainText('Emma Editor');
  await expect(revisionRow(page, first)).toContainText('Title');

  await revisionRow(page, first).click();
  await expect(page.getByRole('heading', { name: `Revision ${first}: Saved` })).toBeVisible();
  // Compared with the current version, the third title: one word removed, one added.
  await expect(page.getByRole('combobox', { name: 'Compare with' })).toHaveValue(`Current version (revision ${third})`);
  const changed = page.getByRole('list', { name: 'Changed fields' });
  await expect(changed.getByLabel('removed: first')).toBeVisible();
  await expect(changed.getByLabel('added: third')).toBeVisible();

  await page.getByRole('button', { name: 'Restore this revision' }).click();
  await expect(toast(page, `Revision ${first} restored as a new version.`)).toBeVisible();
  await expect(titleInput(page)).toHaveValue(titles[0] as string);
  await expect(revisionRow(page, third + 1)).toContainText(`Restored revision ${first}`);

  await page.reload();
  await expect(titleInput(page)).toHaveValue(titles[0] as string);
  const stored = await fetchVersion(page, token, id);
  expect(stored._meta.version).toBe(third + 1);
  expect(stored.content.title?.value).toBe(titles[0]);
});

test("a restore over a second person's newer save shows the conflict modal and overwrites nothing", async ({ page, browser }) => {
  const mark = runMark();
  const { id, token } = await startStory(page, mark);
  await saveTitle(page, `Revisions ${mark} mine`);
  const mine = (await fetchVersion(page, token, id))._meta.version;
  await openHistory(page);
  await revisionRow(page, mine - 1).click();

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin');
    await openEditor(admin, id);
    await saveTitle(admin, `Revisions ${mark} by Ada`);
  } finally {
    await adminContext.close();
  }

  await page.getByRole('button', { name: 'Restore this revision' }).click();
  const modal = page.getByRole('dialog', { name: `A newer version of »${id}« is on the server.` });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(/^Asset was updated in the mean time by Ada Admin on .+\.$/)).toBeVisible();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  let stored = await fetchVersion(page, token, id);
  expect(stored._meta.version).toBe(mine + 1);
  expect(stored.content.title?.value).toBe(`Revisions ${mark} by Ada`);

  // Don't Save takes Ada's version into the editor; still nothing was restored over it.
  await page.getByRole('button', { name: 'Restore this revision' }).click();
  await modal.getByRole('button', { name: "Don't Save" }).click();
  await expect(titleInput(page)).toHaveValue(`Revisions ${mark} by Ada`);
  stored = await fetchVersion(page, token, id);
  expect(stored._meta.version).toBe(mine + 1);
});

test('a technical admin finds a deleted story in the Trash and restores it with its history', async ({ page }) => {
  const authorization = watchAuthorization(page);
  await signIn(page, 'admin');
  const token = await authorization();
  const mark = runMark();
  const title = `Trash ${mark}`;
  const id = await createStory(page, token, { title, storyContent: [paragraph('Deleted by mistake.')] });
  const removed = await page.request.delete(`/api/v1/assets/${id}/localizations/en`, { headers: { authorization: token } });
  expect(removed.ok(), await removed.text()).toBe(true);

  await page.getByRole('button', { name: /^User menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Trash' }).click();
  const table = page.getByRole('table', { name: 'Deleted versions' });
  await table.getByRole('button', { name: `Restore ${title} (en)` }).click();
  await expect(toast(page, `»${title}« (en) is restored with all its revisions.`)).toBeVisible();
  await expect(table.getByRole('button', { name: `Restore ${title} (en)` })).toBeHidden();
  await toast(page, `»${title}« (en) is restored`).getByRole('button', { name: 'Open in the editor' }).click();
  await expect(titleInput(page)).toHaveValue(title);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('list', { name: 'Revisions' }).getByRole('button').first()).toContainText('Restored from the trash');
});
