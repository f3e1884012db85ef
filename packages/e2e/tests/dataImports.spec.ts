import { expect, test } from '@playwright/test';
import { startFromCreateContent, titleInput } from './editorPage.ts';
import { createProfileFromEvent } from './eventWizardJourney.ts';
import { runMark, signIn } from './signIn.ts';

const DAY = 24 * 60 * 60 * 1000;
/** An iCalendar UTC time: 20260701T100000Z. */
const icsTime = (at: Date) => at.toISOString().replaceAll(/[-:]/g, '').replace(/\.\d{3}/, '');

test('a technical admin imports a calendar file, and an editor makes an event profile from one of its events in the event wizard', async ({ page, browser }) => {
  const mark = runMark();
  const title = `Harbour Cup ${mark}`;
  // Running since long before any demo event began, so that it comes first among the upcoming events.
  const start = new Date(Date.now() - 60 * DAY);
  const end = new Date(Date.now() + 3 * DAY);
  const calendar = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Journeys//Harbour Calendar//EN',
    'BEGIN:VEVENT',
    `UID:harbour-cup-${mark}@journeys.example`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${title}`,
    'DESCRIPTION:Cliff divers jump from the harbour crane.',
    'LOCATION:Salzburg\\, Austria',
    'CATEGORIES:cliff-diving',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `UID:lost-${mark}@journeys.example`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:Lost Regatta ${mark}`,
    'LOCATION:Qqqxzv Zzyx',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

  await signIn(page, 'admin', '/dashboard');
  await page.getByRole('button', { name: 'User menu of Ada Admin' }).click();
  await page.getByRole('menuitem', { name: 'Data Imports' }).click();
  await expect(page.getByRole('heading', { name: 'Data Imports' })).toBeVisible();
  await page.getByLabel('File to import').setInputFiles({ name: 'harbour.ics', mimeType: 'text/calendar', buffer: Buffer.from(calendar) });
  await expect(page.getByText('“harbour.ics”: 2 rows read, 1 row ready to import, 1 row with errors.')).toBeVisible();
  const problems = page.getByRole('table', { name: 'Rows not imported' });
  await expect(problems.getByRole('row', { name: new RegExp(`lost-${mark}@journeys\\.example`) })).toContainText("LOCATION 'Qqqxzv Zzyx' names no known town");
  await page.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(page.getByText('Import finished')).toBeVisible();
  await expect(page.getByText('1 created, 0 updated, 0 unchanged, 1 not imported.')).toBeVisible();

  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  try {
    await signIn(editor, 'editor', '/dashboard');
    await createProfileFromEvent(editor, { title, locale: 'de', placeSearch: 'salzb', place: 'Salzburg, Austria' });
  } finally {
    await editorContext.close();
  }
});

test('a technical admin imports a topic and a playground project under it, and an editor picks the project in a new project profile', async ({ page, browser }) => {
  const mark = runMark().toUpperCase().padEnd(6, 'X').slice(0, 6);
  const topic = String(100_000 + Math.floor(Math.random() * 899_999));
  const project = `BP-RUN${mark}2026AB`.slice(0, 16);
  const title = `Night Run ${mark}`;
  const csv = `origin,foreignId,title,broaderOrigin,broaderForeignId\nmeppconnect,${topic},Running ${mark},,\nmediaplanet,${project},${title},meppconnect,${topic}\n`;

  await signIn(page, 'admin', '/admin/imports');
  await page.getByText('Tags and playground projects').click();
  await page.getByLabel('File to import').setInputFiles({ name: 'tags.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('2 created, 0 updated, 0 unchanged, 0 not imported.')).toBeVisible();

  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  try {
    await signIn(editor, 'editor', '/dashboard');
    await startFromCreateContent(editor, 'Project Profile');
    await expect(titleInput(editor)).toBeEditable();
    const field = editor.getByRole('textbox', { name: 'Playground project' });
    // The field is near the foot of the first screen: scrolled only to the edge, a message appearing above it (the new
    // profile's required fields) pushes it off screen, and its dropdown hides with it.
    await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await field.fill(title);
    await editor.getByRole('listbox', { name: 'Playground project' }).getByRole('option', { name: title }).click();
    await expect(editor.getByRole('button', { name: `Remove ${title}` })).toBeVisible();
  } finally {
    await editorContext.close();
  }
});
