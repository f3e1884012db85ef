import { expect, type Page } from '@playwright/test';
import { titleInput } from './editorPage.ts';

/**
 * In Event Opportunities, chooses the event and goes through the event wizard for a new profile in `locale`, with the
 * place found by `placeSearch`; ends in the new profile's editor.
 */
export async function createProfileFromEvent(editor: Page, input: { title: string; locale: string; placeSearch: string; place: string }) {
  await editor.getByRole('region', { name: 'Event Opportunities' }).getByRole('button', { name: new RegExp(input.title) }).click();
  const wizard = editor.getByRole('dialog', { name: 'Create Event Profile' });
  await expect(wizard.getByRole('heading', { level: 3 })).toHaveText(input.title);
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await wizard.getByRole('combobox', { name: 'Localisation' }).click();
  await editor.getByRole('option', { name: input.locale, exact: true }).click();
  await wizard.getByRole('radio', { name: 'A new event profile' }).click();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByRole('textbox', { name: /^Title/ })).toHaveValue(input.title);
  await wizard.getByRole('combobox', { name: 'Search a place' }).fill(input.placeSearch);
  await editor.getByRole('option', { name: input.place, exact: true }).click();
  await wizard.getByRole('button', { name: 'Create' }).click();

  await expect(editor.getByText('Event Profile has been created and is now ready to publish')).toBeVisible();
  await expect(editor).toHaveURL(new RegExp(`/assets/[0-9a-f-]{36}/localizations/${input.locale}/edit$`));
  await expect(titleInput(editor)).toHaveValue(input.title);
}
