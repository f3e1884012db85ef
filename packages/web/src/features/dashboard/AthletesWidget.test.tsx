import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scrollIntoViewForTest } from '../../test/intersectionObserver.ts';
import { buildListItem, failure, never, openDashboard, requestsTo } from './dashboardTestKit.ts';

const ATHLETES = 'POST /api/v1/panels/athletes';
const widget = () => screen.findByRole('region', { name: 'New Athletes' });
const athletes = (prefix: string, from: number, count: number) =>
  Array.from({ length: count }, (_, index) => buildListItem({ id: `${prefix}${from + index}`, title: `${prefix} athlete ${from + index}`, stencil: 'athlete', stencilLabel: 'Athlete' }));

// The whole app renders in each test; machines of two shared cores need more than the default 5 s.
describe('New Athletes (spec 001 §2.2, §4, §7, §8, §9)', { timeout: 20_000 }, () => {
  it('shows new (draft) athletes first and existing (published) ones on the toggle', async () => {
    const { api, user } = await openDashboard({
      answers: {
        [ATHLETES]: (request) => ({ status: 200, body: { athletes: athletes(request.query.get('assetStatus') === 'draft' ? 'New' : 'Known', 0, 2) } }),
      },
    });
    expect(await within(await widget()).findByRole('article', { name: 'New athlete 0' })).toBeVisible();
    const [first] = requestsTo(api.requests, ATHLETES);
    expect(Object.fromEntries(first?.query ?? [])).toEqual({ assetStatus: 'draft', limit: '10', offset: '0' });
    expect(first?.body).toEqual({ locales: ['en', 'de', 'fr'] });
    await user.click(within(await widget()).getByRole('radio', { name: 'Existing' }));
    expect(await within(await widget()).findByRole('article', { name: 'Known athlete 1' })).toBeVisible();
    expect(requestsTo(api.requests, ATHLETES).at(-1)?.query.get('assetStatus')).toBe('published');
  });

  it('loads the next 10 (offset 10) after a full page, and stops after a short one', async () => {
    const { api } = await openDashboard({
      answers: { [ATHLETES]: (request) => ({ status: 200, body: { athletes: request.query.get('offset') === '0' ? athletes('New', 0, 10) : athletes('New', 10, 4) } }) },
    });
    await within(await widget()).findByRole('article', { name: 'New athlete 9' });
    scrollIntoViewForTest(within(await widget()).getByTestId('load-more'));
    expect(await within(await widget()).findByRole('article', { name: 'New athlete 13' })).toBeVisible();
    expect(requestsTo(api.requests, ATHLETES).map((request) => request.query.get('offset'))).toEqual(['0', '10']);
    expect(within(await widget()).queryByTestId('load-more')).not.toBeInTheDocument();
  });

  it("says 'You're all up to date!' without athletes", async () => {
    await openDashboard();
    expect(await within(await widget()).findByText("You're all up to date!")).toBeVisible();
  });

  it('shows a loader while waiting', async () => {
    await openDashboard({ answers: { [ATHLETES]: never } });
    expect(await within(await widget()).findByLabelText('Loading athletes')).toBeVisible();
  });

  it('shows the fetch error whose Try again asks again', async () => {
    let calls = 0;
    const { user } = await openDashboard({ answers: { [ATHLETES]: () => (++calls === 1 ? failure() : { status: 200, body: { athletes: athletes('New', 0, 1) } }) } });
    expect(await within(await widget()).findByText('An error occurred while fetching the content')).toBeVisible();
    expect(within(await widget()).getByText('Please try again later.')).toBeVisible();
    await user.click(within(await widget()).getByRole('button', { name: 'Try again' }));
    expect(await within(await widget()).findByRole('article', { name: 'New athlete 0' })).toBeVisible();
  });
});
