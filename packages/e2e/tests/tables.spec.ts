import { expect, test } from '@playwright/test';
import { actionBar, createStory, fetchVersion, openEditor, paragraph, toast } from './editorPage.ts';
import { runMark, signIn, watchAuthorization } from './signIn.ts';

/*
 * Tables in a story (spec 002 §3, §4, §5): a CSV file imported into an empty table, its ragged row reported with
 * the field-mismatch message and fixed in the grid, then saved; a results table created with three rows, filled,
 * a row moved up and its ranks renumbered, then saved.
 */

const MISMATCH = "Field mismatch. There's either a column missing or too much in some row. Please fix the csv file and try again.";
const SAVED = 'Your asset has been successfully saved';

test('a CSV imported into a story table reports its ragged row, which is fixed in the grid and saved', async ({ page }) => {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  const id = await createStory(page, await authorization(), { title: `Table import ${runMark()}`, storyContent: [paragraph('Standings below.'), { type: 'table' }] });
  await openEditor(page, id);

  const csv = 'Rider,Points\n\n"Odermatt, Marco",100\nKriechmayr\n';
  await page.getByLabel('Import CSV').setInputFiles({ name: 'standings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByLabel('CSV import errors')).toContainText(MISMATCH);

  const grid = page.getByRole('table', { name: 'Table' });
  await expect(grid.getByRole('columnheader')).toHaveCount(2);
  await expect(grid.getByRole('textbox', { name: 'Column 1 title' })).toHaveValue('Rider');
  await expect(grid.getByRole('textbox', { name: 'Row 1, column 1' })).toHaveText('Odermatt, Marco');
  const missing = grid.getByRole('textbox', { name: 'Row 2, column 2' });
  await expect(missing).toHaveText('');
  await missing.click();
  await page.keyboard.type('80');
  await expect(missing).toHaveText('80');

  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, SAVED)).toBeVisible();
  const stored = await fetchVersion(page, await authorization(), id);
  const items = stored.content['story-content']?.value as Array<{ type: string; value: unknown }>;
  expect(items[1]).toEqual({
    type: 'table',
    value: {
      columns: [{ title: 'Rider' }, { title: 'Points' }],
      rows: [{ cells: [{ value: 'Odermatt, Marco' }, { value: '100' }] }, { cells: [{ value: 'Kriechmayr' }, { value: '<p>80</p>' }] }],
    },
  });
});

test('a results table is created, filled, and its ranks renumber when a row moves', async ({ page }) => {
  const authorization = watchAuthorization(page);
  await signIn(page, 'editor');
  const id = await createStory(page, await authorization(), { title: `Results ${runMark()}`, storyContent: [paragraph('The downhill.'), { type: 'results-table' }] });
  await openEditor(page, id);

  const rows = page.getByRole('textbox', { name: 'Rows' });
  await rows.fill('3');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const grid = page.getByRole('table', { name: 'Results table' });
  await expect(grid.getByRole('textbox', { name: 'Row 3, Rank' })).toHaveValue('3');

  await page.getByRole('textbox', { name: 'Title' }).last().fill('Downhill, Kitzbühel');
  const riders = [
    ['Odermatt', '1:52.31'],
    ['Kriechmayr', '1:52.80'],
    ['Paris', '1:53.02'],
  ] as const;
  for (const [index, [person, time]] of riders.entries()) {
    await grid.getByRole('textbox', { name: `Row ${index + 1}, Person` }).fill(person);
    await grid.getByRole('textbox', { name: `Row ${index + 1}, Result` }).fill(time);
    await grid.getByRole('textbox', { name: `Row ${index + 1}, Result` }).press('Enter');
  }

  await grid.getByRole('button', { name: 'Row 3 actions' }).click();
  await page.getByRole('menuitem', { name: 'Move row up' }).click();
  await expect(grid.getByRole('textbox', { name: 'Row 2, Person' })).toHaveValue('Paris');
  await expect(grid.getByRole('textbox', { name: 'Row 2, Rank' })).toHaveValue('2');
  await expect(grid.getByRole('textbox', { name: 'Row 3, Person' })).toHaveValue('Kriechmayr');
  await expect(grid.getByRole('textbox', { name: 'Row 3, Rank' })).toHaveValue('3');

  await actionBar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, SAVED)).toBeVisible();
  const stored = await fetchVersion(page, await authorization(), id);
  const items = stored.content['story-content']?.value as Array<{ type: string; value: { title: string; rows: Array<{ cells: Array<{ value: unknown }> }> } }>;
  expect(items[1]?.value.title).toBe('Downhill, Kitzbühel');
  expect(items[1]?.value.rows.map((row) => row.cells.map((cell) => cell.value))).toEqual([
    ['1', 'Odermatt', '1:52.31'],
    ['2', 'Paris', '1:53.02'],
    ['3', 'Kriechmayr', '1:52.80'],
  ]);
});
