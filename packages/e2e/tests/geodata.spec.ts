import { expect, test } from '@playwright/test';
import { actionBar, fetchVersion, openEditor, toast, type StoredVersion } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Geodata (spec 002 §2, §3, §4): on an event profile, a place found by search sets the point, fills venue, location,
 * country name and code, draws the static map with its marker, and the time zone change modal offers the place's
 * zone, which is taken and saved.
 */

const SAVED = 'Your asset has been successfully saved';

test('a place chosen by search sets the point and the place fields, and the time zone change modal offers its zone', async ({ page }) => {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  const title = `Red Bull Wings for Life ${runMark()}`;
  const created = await page.request.post('/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=event-profile', {
    headers: { authorization: await authorization() },
    data: { content: { title: { value: title }, timezone: { value: 'UTC' } } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as StoredVersion;
  // The map is fetched with the sign-in token and shown as a data: URL, so its request names what was drawn.
  const mapAnswered = (query: string | RegExp) =>
    page.waitForResponse((response) => {
      const url = response.url();
      return url.includes('/maps/api/staticmap?') && (typeof query === 'string' ? url.includes(query) : query.test(url)) && response.ok();
    });
  const worldMap = mapAnswered(/zoom=2(&|$)/);
  await openEditor(page, id);

  const place = page.getByRole('group', { name: 'Place' });
  const map = place.getByRole('img', { name: 'Map' });
  await worldMap;
  await expect(map).toHaveAttribute('src', /^data:image\/png/);
  await place.getByRole('combobox', { name: 'Search a place' }).fill('salzb');
  const salzburgMap = mapAnswered('/maps/api/staticmap?center=47.79941,13.04399&zoom=8&size=600x450&markers=47.79941,13.04399');
  await page.getByRole('option', { name: 'Salzburg, Austria', exact: true }).click();

  await expect(place.getByRole('textbox', { name: 'Latitude' })).toHaveValue('47.79941');
  await expect(place.getByRole('textbox', { name: 'Longitude' })).toHaveValue('13.04399');
  await expect(page.getByRole('textbox', { name: 'Venue', exact: true })).toHaveValue('Salzburg');
  await expect(page.getByRole('textbox', { name: 'Country code', exact: true })).toHaveValue('AT');
  await expect(page.getByRole('textbox', { name: 'Country name', exact: true })).toHaveValue('Austria');
  // The written title stays.
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);

  const marked = place.getByRole('img', { name: 'Map of 47.79941, 13.04399' });
  await salzburgMap;
  await expect.poll(() => marked.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(600);

  const dialog = page.getByRole('dialog', { name: 'Change the time zone?' });
  await expect(dialog).toContainText('The new place is in the time zone Europe/Vienna. The time zone of this asset is UTC.');
  await dialog.getByRole('button', { name: 'Change to Europe/Vienna' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Time zone', exact: true })).toHaveValue('Europe/Vienna');

  const zoomedMap = mapAnswered(/zoom=9&/);
  await place.getByRole('button', { name: 'Zoom in' }).click();
  await zoomedMap;

  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, SAVED)).toBeVisible();
  const stored = await fetchVersion(page, await authorization(), id);
  expect(stored.content.geolocation?.value).toEqual({ latitude: 47.79941, longitude: 13.04399 });
  expect(stored.content.timezone?.value).toBe('Europe/Vienna');
  expect(stored.content.venue?.value).toBe('Salzburg');
  expect(stored.content['country-code']?.value).toBe('AT');
});
