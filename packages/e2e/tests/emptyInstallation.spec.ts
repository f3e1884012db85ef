import { expect, test } from '@playwright/test';
import { createProfileFromEvent } from './eventWizardJourney.ts';
import { runMark, signIn } from './signIn.ts';

/*
 * A real installation starts empty (DEMO_CONTENT=off): no events, no content. A technical admin fills the events
 * from a calendar file, and an editor then creates an event profile from one of them; the server of this file is
 * the configuration's second one, started with DEMO_CONTENT=off.
 */
test.use({ baseURL: `http://localhost:${process.env.E2E_EMPTY_PORT}` });

const DAY = 24 * 60 * 60 * 1000;
const icsTime = (at: Date) => at.toISOString().replaceAll(/[-:]/g, '').replace(/\.\d{3}/, '');

test('in an empty installation, a technical admin imports an .ics file and an editor creates an event profile from its event', async ({ page, browser }) => {
  const mark = runMark();
  const title = `Fjord Swim ${mark}`;
  const start = new Date(Date.now() + 5 * DAY);
  const end = new Date(Date.now() + 6 * DAY);
  const calendar = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Journeys//Fjord Calendar//EN',
    'BEGIN:VEVENT',
    `UID:fjord-swim-${mark}@journeys.example`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${title}`,
    'DESCRIPTION:Open water in the fjord at dawn.',
    'LOCATION:Bergen\\, Norway',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

  // Nothing to make a profile from yet.
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  try {
    await signIn(editor, 'editor', '/dashboard');
    const opportunities = editor.getByRole('region', { name: 'Event Opportunities' });
    await expect(opportunities).toBeVisible();
    await expect(opportunities.getByRole('button', { name: new RegExp(title) })).toHaveCount(0);

    await signIn(page, 'admin', '/admin/imports');
    await page.getByLabel('File to import').setInputFiles({ name: 'fjord.ics', mimeType: 'text/calendar', buffer: Buffer.from(calendar) });
    await expect(page.getByText('“fjord.ics”: 1 row read, 1 row ready to import.')).toBeVisible();
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await expect(page.getByText('1 created, 0 updated, 0 unchanged, 0 not imported.')).toBeVisible();

    await editor.reload();
    await createProfileFromEvent(editor, { title, locale: 'de', placeSearch: 'bergen', place: 'Bergen, Norway' });
  } finally {
    await editorContext.close();
  }
});
