/**
 * PostgreSQL's search reads its matches newest first through recency words: every version's indexed vector also holds
 * the day, month and year of its last edit (`_d2026-11-24`, `_m2026-11`, `_y2026`), which no search word can match
 * (a user's words are letters and digits only). A search then asks the index for its words in one window of days at
 * a time, newest window first, and reads only the windows a page or a count needs, where a plain match would read
 * every matching version to find the newest.
 */

const DAY_MS = 86_400_000;

export interface RecencyWindow {
  /** The tsquery text that matches a version last edited within the window: its words joined by `|`. */
  query: string;
  /** The first and last day of the window (`yyyy-mm-dd`), both included. */
  from: string;
  to: string;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfDay = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** The day after `day` (`yyyy-mm-dd`). */
export const dayAfter = (day: string) => dayOf(startOfDay(day) + DAY_MS);

/** The fewest recency words that cover the days from `from` to `to` (both included): whole years, then whole months, then days. */
export function coverDays(from: string, to: string): string[] {
  const words: string[] = [];
  const first = startOfDay(from);
  let day = startOfDay(to);
  while (day >= first) {
    const date = new Date(day);
    const next = day + DAY_MS;
    const isLastOfMonth = new Date(next).getUTCMonth() !== date.getUTCMonth();
    const isLastOfYear = new Date(next).getUTCFullYear() !== date.getUTCFullYear();
    const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
    const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    const iso = dayOf(day);
    if (isLastOfYear && yearStart >= first) {
      words.push(`_y${iso.slice(0, 4)}`);
      day = yearStart - DAY_MS;
    } else if (isLastOfMonth && monthStart >= first) {
      words.push(`_m${iso.slice(0, 7)}`);
      day = monthStart - DAY_MS;
    } else {
      words.push(`_d${iso}`);
      day -= DAY_MS;
    }
  }
  return words;
}

/** Days after the newest edit that the first window also covers, for versions saved while a search runs. */
const DAYS_AHEAD = 2;

/**
 * Windows of days from the newest edit back to the oldest, newest first, each twice as long as the one before
 * (1, 1, 2, 4, 8 ... days): a common word fills a page or a count from the first few, a rare one reads them all
 * (some 15 for forty years), each at the cost of its few matches.
 */
export function recencyWindows(newest: string, oldest: string): RecencyWindow[] {
  const windows: RecencyWindow[] = [];
  const oldestDay = startOfDay(oldest.slice(0, 10));
  let to = startOfDay(newest.slice(0, 10)) + DAYS_AHEAD * DAY_MS;
  let length = 1 + DAYS_AHEAD;
  for (let index = 0; to >= oldestDay; index += 1) {
    const from = Math.max(oldestDay, to - (length - 1) * DAY_MS);
    const words = coverDays(dayOf(from), dayOf(to));
    windows.push({ query: words.map((word) => `'${word}'`).join(' | '), from: dayOf(from), to: dayOf(to) });
    to = from - DAY_MS;
    length = index === 0 ? 1 : length * 2;
  }
  return windows;
}
