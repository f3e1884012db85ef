import { createRandom } from '@editor/server/src/demo/random.ts';
import { LOCALES, SPACES, STENCILS, WORDS } from './listSeed.ts';

/** How many different questions each varied workload draws from: enough that no answer is asked twice in a run. */
const QUESTIONS = 5_000;
const STATUSES = ['published', 'draft', 'unpublished'];

/** The list of the load workloads' repeated questions: published English stories, newest first, 12 a page. */
export const REPEATED_LIST = '/api/v1/assets?publishstatus=published&localization=en&stencil=story&limit=12';

const eaql = (query: string) => `/api/v1/assets?q=${encodeURIComponent(query)}&limit=12`;

/**
 * A list of 12 with its total and facets, narrowed by stencil, locale, status and space each drawn at random, or
 * left open one time in four (a question as an editor clicks it together). Drawn from a fixed seed: two runs ask the
 * same questions.
 */
export function variedLists(seed: number): string[] {
  const random = createRandom(seed);
  const stencils = [...new Set(STENCILS)];
  const maybe = (name: string, values: readonly string[]) => (random.next() < 0.25 ? [] : [`${name}=${encodeURIComponent(random.pick(values))}`]);
  return Array.from({ length: QUESTIONS }, () =>
    ['/api/v1/assets?limit=12', ...maybe('stencil', stencils), ...maybe('localization', LOCALES), ...maybe('publishstatus', STATUSES), ...maybe('space', SPACES)].join('&'),
  );
}

/** The same lists, each with a search word drawn from the seeded vocabulary. */
export function variedSearches(seed: number): string[] {
  const random = createRandom(seed + 1);
  return variedLists(seed).map((path) => `${path}&q=${encodeURIComponent(random.pick(WORDS))}`);
}

/** A content sub-field equality with a status: an exact title drawn from `titles` (some thousands of the archive's). */
export function variedContentTitles(seed: number, titles: readonly string[]): string[] {
  const random = createRandom(seed + 2);
  return Array.from({ length: QUESTIONS }, () => eaql(`content.title = "${random.pick(titles)}" AND status = published`));
}

export const eaqlList = eaql;
