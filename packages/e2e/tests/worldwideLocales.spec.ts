import { expect, test } from '@playwright/test';
import { actionBar, createStory, fetchVersion, openEditor, paragraph, titleInput, toast } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Spec 000 §9 worldwide regions: an es-LAT (Spanish, Latin America) version is created by AI translation, accepted,
 * and a new English title is shipped into it, as into any other locale.
 */

test('an es-LAT version is created by AI translation and a title is shipped into it', async ({ page }) => {
  const authorization = watchAuthorization(page);
  await signIn(page, 'admin');
  const token = await authorization();
  const mark = runMark();
  const id = await createStory(page, token, { title: `Volcano run ${mark}`, storyContent: [paragraph('Ash and snow on the same slope.')] });
  await openEditor(page, id);

  await actionBar(page).getByRole('button', { name: 'Translate', exact: true }).click();
  const translate = page.getByRole('dialog', { name: 'Select an existing localisation or translate' });
  await translate.getByRole('button', { name: 'AI translate into Spanish (Latin America)', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/assets/${id}/localizations/es-LAT/edit$`));
  // The model is told the standard tag of Latin American Spanish; the local test model marks its answers with it.
  await expect(titleInput(page)).toHaveValue(`[es-419] Volcano run ${mark}`);
  await expect(actionBar(page).getByLabel('Locale')).toContainText('Spanish (Latin America)');
  await page.getByRole('region', { name: 'AI Review Mode' }).getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Your asset has been successfully saved')).toBeVisible();

  await openEditor(page, id, 'en');
  const shippedTitle = `Volcano run, shipped ${mark}`;
  await titleInput(page).fill(shippedTitle);
  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Your asset has been successfully saved')).toBeVisible();
  await actionBar(page).getByRole('button', { name: 'Ship', exact: true }).click();
  const ship = page.getByRole('dialog', { name: 'Ship to other locales' });
  await ship.getByRole('checkbox', { name: 'Title', exact: true }).check();
  await ship.getByRole('checkbox', { name: /Spanish \(Latin America\)/ }).check();
  await ship.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(ship.getByRole('region', { name: 'Shipped' }).getByText('Spanish (Latin America)')).toBeVisible();

  const latam = await fetchVersion(page, token, id, { locale: 'es-LAT' });
  expect(latam.content.title?.value).toBe(shippedTitle);
  expect(latam._meta.aiTranslationNeedsConfirmation).toBe(false);
});
