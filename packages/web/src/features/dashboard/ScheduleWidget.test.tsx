import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scrollIntoViewForTest } from '../../test/intersectionObserver.ts';
import { buildScheduleEntry, failure, never, openDashboard, requestsTo } from './dashboardTestKit.ts';

const SCHEDULES = 'POST /api/v1/panels/schedules';
const widget = () => screen.findByRole('region', { name: 'Schedule' });
const day = (date: number, hour: number) => new Date(2027, 2, date, hour, 0);
const page = (offset: number, count: number) => Array.from({ length: count }, (_, index) => buildScheduleEntry({ id: `s${offset + index}`, title: `Entry ${offset + index}`, at: day(3, 8) }));

// The whole app renders in each test; machines of two shared cores need more than the default 5 s.
describe('Schedule (spec 001 §2.2, §4, §8, §9)', { timeout: 20_000 }, () => {
  it('groups scheduled publishes and unpublishes by day, each opening the asset', async () => {
    const entries = [
      buildScheduleEntry({ id: 's1', title: 'Goes live', at: day(3, 9) }),
      buildScheduleEntry({ id: 's2', title: 'Goes away', at: day(3, 17), transitionTo: 'unpublished' }),
      buildScheduleEntry({ id: 's3', title: 'Later on', at: day(5, 8) }),
    ];
    const { api } = await openDashboard({ answers: { [SCHEDULES]: { status: 200, body: { scheduledAssets: entries } } } });
    const first = await within(await widget()).findByRole('region', { name: '03 Mar 2027' });
    expect(within(first).getAllByRole('listitem')).toHaveLength(2);
    expect(within(first).getByText('Publish')).toBeVisible();
    expect(within(first).getByText('Unpublish')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Goes live' })).toHaveAttribute('href', '/assets/s1/localizations/en/edit');
    expect(within(first).getByText('09:00')).toBeVisible();
    expect(within(await widget()).getByRole('region', { name: '05 Mar 2027' })).toBeVisible();
    expect(requestsTo(api.requests, SCHEDULES)[0]?.body).toEqual({ locales: ['en', 'de', 'fr'], limit: 10, offset: 0 });
  });

  it('loads the next 10 when the end of a full page comes into view, and no more after a short one', async () => {
    const { api } = await openDashboard({
      answers: {
        [SCHEDULES]: (request) => {
          const { offset } = request.body as { offset: number };
          return { status: 200, body: { scheduledAssets: page(offset, offset === 0 ? 10 : 3) } };
        },
      },
    });
    await within(await widget()).findByText('Entry 9');
    scrollIntoViewForTest(within(await widget()).getByTestId('load-more'));
    expect(await within(await widget()).findByText('Entry 12')).toBeVisible();
    expect(requestsTo(api.requests, SCHEDULES).map((request) => (request.body as { offset: number }).offset)).toEqual([0, 10]);
    expect(within(await widget()).queryByTestId('load-more')).not.toBeInTheDocument();
  });

  it("says 'Empty schedule' when nothing is scheduled", async () => {
    await openDashboard();
    expect(await within(await widget()).findByText('Empty schedule')).toBeVisible();
  });

  it('shows a loader while waiting', async () => {
    await openDashboard({ answers: { [SCHEDULES]: never } });
    expect(await within(await widget()).findByLabelText('Loading schedule')).toBeVisible();
  });

  it('shows the fetch error whose Try again asks again', async () => {
    let calls = 0;
    const { user } = await openDashboard({
      answers: { [SCHEDULES]: () => (++calls === 1 ? failure() : { status: 200, body: { scheduledAssets: [buildScheduleEntry({ id: 's1', title: 'Goes live', at: day(3, 9) })] } }) },
    });
    expect(await within(await widget()).findByText('An error occurred while fetching the content')).toBeVisible();
    await user.click(within(await widget()).getByRole('button', { name: 'Try again' }));
    expect(await within(await widget()).findByRole('link', { name: 'Goes live' })).toBeVisible();
  });
});
