import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildEvent, eventsAnswer, failure, never, openDashboard, requestsTo } from './dashboardTestKit.ts';

const EVENTS = 'GET /api/v1/events';
const MAINTAINABLE = 'GET /api/v1/events/maintainable';
const widget = () => screen.findByRole('region', { name: 'Event Opportunities' });

// The whole app renders in each test; machines of two shared cores need more than the default 5 s.
describe('Event Opportunities (spec 001 §2.2, §7, §8)', { timeout: 20_000 }, () => {
  it('lists upcoming events in the user locales, 10 a page, with their dates and place', async () => {
    const { api } = await openDashboard({ answers: { [EVENTS]: eventsAnswer([buildEvent()]) } });
    const event = await within(await widget()).findByRole('button', { name: /Cliff Diving Mostar 2027/ });
    expect(within(event).getByText('10 Jul 2027 – 11 Jul 2027 · Mostar, Bosnia and Herzegovina')).toBeVisible();
    expect(within(event).getByText('Confirmed')).toBeVisible();
    expect(Object.fromEntries(requestsTo(api.requests, EVENTS)[0]?.query ?? [])).toEqual({ 'page[number]': '1', 'page[size]': '10', locales: 'en,de,fr' });
  });

  it("lists the maintainable events on 'show only existing'", async () => {
    const { api, user } = await openDashboard({ answers: { [MAINTAINABLE]: eventsAnswer([buildEvent({ id: 'e2', title: 'Red Bull Air Race' })]) } });
    await user.click(within(await widget()).getByRole('radio', { name: 'show only existing' }));
    expect(await within(await widget()).findByRole('button', { name: /Red Bull Air Race/ })).toBeVisible();
    expect(requestsTo(api.requests, MAINTAINABLE)[0]?.query.get('cutOffRange')).toBe('future');
  });

  it('opens the event wizard on the selected event', async () => {
    const { user } = await openDashboard({ answers: { [EVENTS]: eventsAnswer([buildEvent()]) } });
    await user.click(await within(await widget()).findByRole('button', { name: /Cliff Diving Mostar 2027/ }));
    const wizard = await screen.findByRole('dialog', { name: 'Create Event Profile' });
    expect(within(wizard).getByText('Cliff Diving Mostar 2027')).toBeVisible();
  });

  it("says 'You're all up to date!' without events", async () => {
    await openDashboard();
    expect(await within(await widget()).findByText("You're all up to date!")).toBeVisible();
  });

  it('shows a loader while waiting', async () => {
    await openDashboard({ answers: { [EVENTS]: never } });
    expect(await within(await widget()).findByLabelText('Loading events')).toBeVisible();
  });

  it('shows the fetch error whose Try again asks again', async () => {
    let calls = 0;
    const { user } = await openDashboard({ answers: { [EVENTS]: () => (++calls === 1 ? failure() : eventsAnswer([buildEvent()])) } });
    expect(await within(await widget()).findByText('An error occurred while fetching the content')).toBeVisible();
    await user.click(within(await widget()).getByRole('button', { name: 'Try again' }));
    expect(await within(await widget()).findByRole('button', { name: /Cliff Diving Mostar 2027/ })).toBeVisible();
  });
});
