import { describe, expect, it } from 'vitest';
import { buildScheduleEntry } from './dashboardTestKit.ts';
import { groupScheduleByDay } from './scheduleDays.ts';

describe('groupScheduleByDay (spec 001 §4 Schedule)', () => {
  it('groups entries by their day in the order they came', () => {
    const a = buildScheduleEntry({ id: 'a', title: 'A', at: new Date(2027, 0, 1, 9) });
    const b = buildScheduleEntry({ id: 'b', title: 'B', at: new Date(2027, 0, 1, 23) });
    const c = buildScheduleEntry({ id: 'c', title: 'C', at: new Date(2027, 0, 2, 0) });
    expect(groupScheduleByDay([a, b, c])).toEqual([
      { day: '01 Jan 2027', entries: [a, b] },
      { day: '02 Jan 2027', entries: [c] },
    ]);
  });

  it('drops an entry without a date', () => {
    const dated = buildScheduleEntry({ id: 'a', title: 'A', at: new Date(2027, 0, 1, 9) });
    expect(groupScheduleByDay([{ ...dated, unixTimestamp: Number.NaN }, dated])).toEqual([{ day: '01 Jan 2027', entries: [dated] }]);
  });
});
