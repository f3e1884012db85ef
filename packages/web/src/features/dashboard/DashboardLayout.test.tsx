import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hubUser } from '../../test/fixtures.ts';
import { openDashboard } from './dashboardTestKit.ts';

const WIDGETS = ['Latest Media Content', 'Event Opportunities', 'New Athletes', 'Recents', 'Schedule'];

// The whole app renders in each test; machines of two shared cores need more than the default 5 s.
describe('the dashboard (spec 001 §2.2, 000 §2)', { timeout: 20_000 }, () => {
  it('shows Latest Media Content above Event Opportunities and Athletes side by side, Recents and Schedule on the right', async () => {
    await openDashboard();
    const regions = await Promise.all(WIDGETS.map((name) => screen.findByRole('region', { name })));
    const [trending, events, athletes, recents, schedule] = regions as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    const left = trending.parentElement;
    expect(left?.contains(events)).toBe(true);
    expect(left?.contains(athletes)).toBe(true);
    expect(events.parentElement).toBe(athletes.parentElement);
    expect(left?.contains(recents)).toBe(false);
    expect(recents.parentElement).toBe(schedule.parentElement);
    expect(trending.compareDocumentPosition(events) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends a user without dashboard access to All Content', async () => {
    const { router } = await openDashboard({ user: hubUser() });
    await expect.poll(() => router.state.location.pathname).toBe('/all-content');
  });
});
