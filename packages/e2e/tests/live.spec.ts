import { expect, test, type Page } from '@playwright/test';
import { actionBar, createStory, fetchVersion, headerArea, openEditor, paragraph, titleInput, toast, versionPath } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Presence and live updates: two people, each in a browser of their own, open the same story. Each sees the other in
 * the action bar and in the field the other is in; a save by one shows in the other's editor with who saved, and
 * Load takes it in without losing what the other typed elsewhere; a publish by one shows in the other's action bar.
 */

/** What the issue asks for: each sees the other, and each other's save, within two seconds. */
const LIVE_MS = 2000;
const teaserInput = (page: Page) => headerArea(page).getByRole('textbox', { name: 'Teaser', exact: true });
const alsoEditing = (page: Page) => actionBar(page).getByRole('group', { name: 'Also editing' });

test('two editors on one story see each other, each other\'s saves and a publish', async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    const emmaToken = watchAuthorization(page);
    await signIn(page, 'editor');
    const authorization = await emmaToken();
    const mark = runMark();
    const id = await createStory(page, authorization, { title: `Live journey ${mark}`, storyContent: [paragraph('Two people, one story.')] });
    const adaToken = watchAuthorization(admin);
    await signIn(admin, 'admin');
    const adminAuthorization = await adaToken();

    await openEditor(page, id);
    await openEditor(admin, id);
    await expect(alsoEditing(page).getByText('Ada Admin', { exact: true })).toBeVisible({ timeout: LIVE_MS });
    await expect(alsoEditing(admin).getByText('Emma Editor', { exact: true })).toBeVisible({ timeout: LIVE_MS });

    // Emma writes a teaser and keeps it unsaved; Ada goes into the title, and Emma sees her there.
    const teaser = `Emma's teaser ${mark}`;
    await teaserInput(page).fill(teaser);
    await titleInput(admin).click();
    await expect(page.locator('[data-field="title"]').getByText('Ada Admin', { exact: true })).toBeVisible({ timeout: LIVE_MS });

    const adaTitle = `Ada's title ${mark}`;
    await titleInput(admin).fill(adaTitle);
    await actionBar(admin).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(admin, 'Your asset has been successfully saved')).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: 'Ada Admin saved a newer version: Title' });
    await expect(notice).toBeVisible({ timeout: LIVE_MS });

    await notice.getByRole('button', { name: 'Show changes' }).click();
    const changes = page.getByRole('dialog', { name: 'Changes in the newer version' });
    await expect(changes.getByRole('cell', { name: adaTitle })).toBeVisible();
    await changes.getByRole('button', { name: 'Load' }).click();
    await expect(titleInput(page)).toHaveValue(adaTitle);
    await expect(teaserInput(page)).toHaveValue(teaser);
    await expect(actionBar(page).getByText('1 unsaved change', { exact: true })).toBeVisible();
    await expect(notice).toBeHidden();

    // Emma's save after Load is based on Ada's version: no conflict, and both texts are kept.
    await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Your asset has been successfully saved')).toBeVisible();
    const saved = await fetchVersion(page, authorization, id);
    expect(saved.content.title?.value).toBe(adaTitle);
    expect(saved.content.teaser?.value).toBe(teaser);

    // Ada publishes; Emma's action bar shows it without a reload.
    const published = await admin.request.post(`${versionPath(id)}/publish`, { headers: { authorization: adminAuthorization }, data: { publishSchedule: { startDate: null, endDate: null } } });
    expect(published.ok(), await published.text()).toBe(true);
    await expect(actionBar(page).getByText('Published', { exact: true })).toBeVisible({ timeout: LIVE_MS });

    // Ada leaves: Emma sees her go.
    await admin.close();
    await expect(alsoEditing(page)).toBeHidden({ timeout: LIVE_MS });
  } finally {
    await adminContext.close();
  }
});
