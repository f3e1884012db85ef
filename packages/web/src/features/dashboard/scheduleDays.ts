import { format } from 'date-fns';
import type { ScheduleResponse } from '@editor/domain';

export type ScheduleEntry = ScheduleResponse['scheduledAssets'][number];

export interface ScheduleDay {
  /** The day as spec 001 §9 displays dates (dd MMM yyyy), in the browser's time zone. */
  day: string;
  entries: ScheduleEntry[];
}

/** Spec 001 §4 Schedule: entries grouped by day, in the order they came; an entry without a date is dropped. */
export function groupScheduleByDay(entries: readonly ScheduleEntry[]): ScheduleDay[] {
  const days: ScheduleDay[] = [];
  for (const entry of entries) {
    if (!Number.isFinite(entry.unixTimestamp)) continue;
    const day = format(new Date(entry.unixTimestamp * 1000), 'dd MMM yyyy');
    const last = days.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  return days;
}
