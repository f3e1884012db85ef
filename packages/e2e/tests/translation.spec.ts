import { expect, test, type Page } from '@playwright/test';
import { actionBar, createStory, fetchVersion, openEditor, paragraph, titleInput, toast, versionPath } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Moving content between locales (spec 002 §4, §8): translate a story by hand, translate one with AI (the local
 * chat-completions server of the test config answers `[{locale}] {text}`) and confirm it in AI Review Mode, and
 * bulk-edit a title into three locales with save and publish. Each journey creates its own story through the API.
 */

const TEXTS = {
  modalTitle: 'Select an existing localisation or translate',
  saved: 'Your asset has been successfully saved',
  allSaved: 'Your assets have been saved successfully.',
} as const;

async function signInAsEditor(page: Page): Promise<string> {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  return authorization();
}

async function openTranslateModal(page: Page) {
  await actionBar(page).getByRole('button', { name: 'Translate', exact: true }).click();
  const modal = page.getByRole('dialog', { name: TEXTS.modalTitle });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('list', { name: 'Translation targets' })).toBeVisible();
  return modal;
}

test('a story translated by hand opens in its new locale with the source content', async ({ page }) => {
  const authorization = await signInAsEditor(page);
  const title = `Translation journey ${runMark()}`;
  const id = await createStory(page, authorization, { title, storyContent: [paragraph('Ice climbing all winter.')] });
  await openEditor(page, id);

  const modal = await openTranslateModal(page);
  await modal.getByRole('button', { name: 'Translate into German', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/assets/${id}/localizations/de/edit$`));
  await expect(titleInput(page)).toHaveValue(title);
  await expect(actionBar(page).getByLabel('Locale')).toContainText('German');
  const german = await fetchVersion(page, authorization, id, { locale: 'de' });
  expect(german._meta.status).toBe('draft');
  expect(german._meta.aiTranslationNeedsConfirmation).toBe(false);
});

test('an AI translation opens in AI Review Mode and leaves AI Draft once accepted', async ({ page }) => {
  const authorization = await signInAsEditor(page);
  const title = `AI translation journey ${runMark()}`;
  const id = await createStory(page, authorization, { title, storyContent: [paragraph('Frozen <strong>waterfalls</strong> all winter.')] });
  await openEditor(page, id);

  const modal = await openTranslateModal(page);
  await modal.getByRole('button', { name: 'AI translate into French', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/assets/${id}/localizations/fr/edit$`));
  await expect(titleInput(page)).toHaveValue(`[fr] ${title}`);
  const banner = page.getByRole('region', { name: 'AI Review Mode' });
  await expect(banner).toBeVisible();
  await expect(actionBar(page).getByText('AI Draft', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Title is AI-generated')).toBeVisible();
  const translated = await fetchVersion(page, authorization, id, { locale: 'fr' });
  const storyContent = translated.content['story-content']?.value as Array<{ value: string }>;
  // The paragraph went to the AI as one text with its inline tags as numbered tokens: the markup is as it was.
  expect(storyContent[0]?.value).toBe('<p>[fr] Frozen <strong>waterfalls</strong> all winter.</p>');

  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, TEXTS.saved)).toBeVisible();
  await expect(banner).toBeHidden();
  await expect(actionBar(page).getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Title is AI-generated')).toBeHidden();
  const confirmed = await fetchVersion(page, authorization, id, { locale: 'fr' });
  expect(confirmed._meta.aiTranslationNeedsConfirmation).toBe(false);
});

test('bulk edit saves and publishes a new title into three locales and lists them on Finish', async ({ page }) => {
  const authorization = await signInAsEditor(page);
  const mark = runMark();
  const id = await createStory(page, authorization, { title: `Bulk edit journey ${mark}`, storyContent: [paragraph('Cliff diving in Mostar.')] });
  for (const locale of ['de', 'es', 'it']) {
    const answer = await page.request.post(versionPath(id, locale), { headers: { authorization }, data: { id, params: {}, reference: 'en' } });
    expect(answer.status(), `translate into ${locale}: ${await answer.text()}`).toBe(201);
  }
  await openEditor(page, id);

  await actionBar(page).getByRole('button', { name: 'Bulk Edit' }).click();
  const banner = page.getByRole('region', { name: 'Bulk Edit mode' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Next' })).toBeDisabled();
  const newTitle = `Bulk edited ${mark}`;
  await titleInput(page).fill(newTitle);
  // Editing a property in the mode selects it.
  await expect(page.getByRole('checkbox', { name: 'Include Title in bulk edit' })).toBeChecked();
  await banner.getByRole('button', { name: 'Next' }).click();

  const wizard = page.getByRole('dialog', { name: 'Bulk Edit' });
  await expect(wizard).toBeVisible();
  const locales = wizard.getByRole('group', { name: 'Locales' });
  await wizard.getByLabel('Search locales').fill('GER');
  await expect(locales.getByRole('checkbox')).toHaveCount(1);
  await locales.getByRole('checkbox', { name: 'German (de)' }).check();
  await wizard.getByLabel('Search locales').fill('');
  await locales.getByRole('checkbox', { name: 'Spanish (es)' }).check();
  await locales.getByRole('checkbox', { name: 'Italian (it)' }).check();
  await expect(wizard.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByRole('table', { name: 'Properties to apply' })).toContainText(newTitle);
  await wizard.getByRole('button', { name: 'Save and Publish' }).click();
  // The progress ('x/y changes applied') gives way to the Finish step once every locale has answered.
  const published = wizard.getByRole('region', { name: 'Saved and Published' });
  await expect(published).toBeVisible({ timeout: 30_000 });
  await expect(wizard.getByRole('region', { name: 'Saving failed' })).toHaveCount(0);
  for (const name of ['German', 'Spanish', 'Italian']) await expect(published).toContainText(name);
  await expect(toast(page, TEXTS.allSaved)).toBeVisible();
  await wizard.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(wizard).toBeHidden();
  await expect(banner).toBeHidden();

  for (const locale of ['de', 'es', 'it']) {
    const version = await fetchVersion(page, authorization, id, { locale });
    expect(version.content.title?.value, locale).toBe(newTitle);
    expect(version._meta.status, locale).toBe('published');
  }
  // The open locale was not among the targets: it keeps its unsaved title.
  expect((await fetchVersion(page, authorization, id)).content.title?.value).toBe(`Bulk edit journey ${mark}`);
});
