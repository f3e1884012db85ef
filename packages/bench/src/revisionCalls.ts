import type { Rights } from '@editor/domain';
import { DEFAULT_LOCALES, DEFAULT_SPACES } from '@editor/server/src/config.ts';
import type { Insertable } from 'kysely';
import type { DB } from '@editor/server/src/db/schema.ts';
import { encodeRevision, type ChainHead } from '@editor/server/src/db/revisionForm.ts';
import { loadRevisionContent } from '@editor/server/src/modules/revision-store/revisionStore.ts';
import { startBenchServer, type BenchServer } from './benchServer.ts';
import { buildLongStory } from './longStory.ts';

const EDITOR: Rights = { roles: ['content-editor'], spaces: [...DEFAULT_SPACES], localizations: [...DEFAULT_LOCALES] };

export interface Timings {
  p50: number;
  p95: number;
  runs: number;
}

export function timingsOf(milliseconds: readonly number[]): Timings {
  const sorted = milliseconds.toSorted((a, b) => a - b);
  const at = (share: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0) * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), runs: sorted.length };
}

async function timed(call: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await call();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.status} ${response.url}`);
  return performance.now() - started;
}

interface Story {
  url: string;
  elements: Array<{ type: string; value: unknown }>;
  content: Record<string, { value: unknown }>;
  version: number;
}

/** Creates a story of `elements` story-content elements through the API. */
async function createStory(server: BenchServer, headers: Record<string, string>, elements: number): Promise<Story> {
  const post = (content: unknown) =>
    fetch(`${server.url}/api/v1/assets/-/localizations/en?space=rbcom&container.stencil=story`, { method: 'POST', headers, body: JSON.stringify({ content }) });
  const embedded = (await (await post({ title: { value: 'Embedded' } })).json()) as { id: string };
  const story = buildLongStory({ elements, embedded: { id: embedded.id, stencil: 'story' } });
  const created = (await (await post(story.content)).json()) as { id: string; _meta: { version: number } };
  return {
    url: `${server.url}/api/v1/assets/${created.id}/localizations/en`,
    elements: story.content['story-content']?.value as Array<{ type: string; value: unknown }>,
    content: story.content,
    version: created._meta.version,
  };
}

/** `count` saves of the story one after another, each changing one text element; their times. */
async function saveEdits(story: Story, headers: Record<string, string>, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < count; n++) {
    const index = (n * 7) % story.elements.length;
    const element = story.elements[index];
    if (element?.type === 'text') story.elements[index] = { type: 'text', value: `<p>Edit ${n} of element ${index}: the divers climb to the platform again.</p>` };
    else story.elements[index] = { type: 'text', value: `<p>Element ${index} became a paragraph at edit ${n}.</p>` };
    const body = JSON.stringify({ content: { ...story.content, 'story-content': { value: story.elements } } });
    times.push(await timed(() => fetch(story.url, { method: 'PUT', headers: { ...headers, 'if-match': `"${story.version}"` }, body })));
    story.version++;
  }
  return times;
}

/** How much the revisions of a story take against one full copy of its content per revision. */
async function storageOf(server: BenchServer, story: Story): Promise<{ storedBytes: number; fullCopyBytes: number; revisions: number }> {
  const id = story.url.split('/').at(-3) ?? '';
  const rows = await server.db.selectFrom('asset_history').select(['version', 'content']).where('asset_id', '=', id).where('locale', '=', 'en').orderBy('version').execute();
  let fullCopyBytes = 0;
  for (const row of rows) {
    // Each revision rebuilt, as a full copy of it would have been stored.
    fullCopyBytes += Buffer.byteLength(JSON.stringify(await loadRevisionContent(server.db, { id, locale: 'en', deletedId: '' }, row.version)));
  }
  return { storedBytes: rows.reduce((sum, row) => sum + Buffer.byteLength(row.content), 0), fullCopyBytes, revisions: rows.length };
}

/**
 * Gives the story a history of `revisions` revisions, each changing one element, written straight into the tables
 * in the stored form the saves write, and makes the version the last of them.
 */
async function seedLongHistory(server: BenchServer, story: Story, revisions: number): Promise<string> {
  const id = story.url.split('/').at(-3) ?? '';
  const elements = structuredClone(story.elements);
  const start = Date.UTC(2026, 0, 1);
  let previous: unknown = {};
  let head: ChainHead | undefined;
  let rows: Array<Insertable<DB['asset_history']>> = [];
  let content: unknown = {};
  await server.db.deleteFrom('asset_history').where('asset_id', '=', id).where('locale', '=', 'en').execute();
  for (let n = 0; n < revisions; n++) {
    const index = (n * 13) % elements.length;
    elements[index] = { type: 'text', value: `<p>Seeded edit ${n} of element ${index}.</p>` };
    content = { ...story.content, 'story-content': { value: elements } };
    const version = n + 1;
    // Encoded as a save encodes it (revisionStore.recordRevision), a batch of rows at a time.
    const encoded = encodeRevision({ version, head, previous, content });
    rows.push({
      asset_id: id,
      locale: 'en',
      version,
      action: n === 0 ? 'create' : 'save',
      user_id: 'bench',
      user_name: 'Bench Editor',
      at: new Date(start + n * 60_000).toISOString(),
      changed_properties: '["story-content"]',
      changed_paths: JSON.stringify(encoded.changedPaths),
      content: encoded.data,
      content_form: encoded.form,
      base_version: encoded.baseVersion,
      if_match: n === 0 ? null : n,
    });
    head = { version, baseVersion: encoded.baseVersion };
    previous = structuredClone(content);
    if (rows.length === 500 || version === revisions) {
      await server.db.insertInto('asset_history').values(rows).execute();
      rows = [];
    }
  }
  await server.db.updateTable('asset_localization').set({ version: revisions, content: JSON.stringify(content) }).where('asset_id', '=', id).where('locale', '=', 'en').execute();
  story.elements = elements;
  story.version = revisions;
  return id;
}

async function timeRuns(runs: number, call: (run: number) => Promise<Response>): Promise<Timings> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await timed(() => call(run)));
  return timingsOf(times);
}

export interface RevisionFigures {
  saves: Timings;
  storage: { storedBytes: number; fullCopyBytes: number; revisions: number };
  firstPage: Timings;
  compare: Timings;
  restore: Timings;
  historyRevisions: number;
}

/**
 * Issue 41 benchmark: `saves` saves of an `elements`-element story changing one element each (their times and the
 * space their revisions take), then on a story with `historyRevisions` revisions the history's first page, a
 * comparison of two revisions 1,000 apart and a restore.
 */
export async function benchmarkRevisions(input: { databaseUrl?: string | undefined; saves: number; elements: number; historyRevisions: number; runs: number }): Promise<RevisionFigures> {
  const server = await startBenchServer({ databaseUrl: input.databaseUrl });
  try {
    const headers = { authorization: await server.authorization(EDITOR), 'content-type': 'application/json' };
    const story = await createStory(server, headers, input.elements);
    const saves = await saveEdits(story, headers, input.saves);
    const storage = await storageOf(server, story);

    const long = await createStory(server, headers, input.elements);
    await seedLongHistory(server, long, input.historyRevisions);
    const firstPage = await timeRuns(input.runs, () => fetch(`${long.url}/revisions?limit=50`, { headers }));
    const span = Math.min(1000, input.historyRevisions - 1);
    const compare = await timeRuns(input.runs, (run) => {
      const from = 1 + ((run * 97) % (input.historyRevisions - span));
      return fetch(`${long.url}/revisions/compare?from=${from}&to=${from + span}`, { headers });
    });
    const restore = await timeRuns(input.runs, (run) => {
      const revision = 1 + ((run * 89) % input.historyRevisions);
      const call = fetch(`${long.url}/revisions/${revision}/restore`, { method: 'POST', headers: { ...headers, 'if-match': `"${long.version}"` }, body: '{}' });
      long.version++;
      return call;
    });
    return { saves: timingsOf(saves), storage, firstPage, compare, restore, historyRevisions: input.historyRevisions };
  } finally {
    await server.close();
  }
}

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} kB`;

/** The figures as lines of the bench's output. */
export function formatRevisions(dialect: string, figures: RevisionFigures): string[] {
  const { storage } = figures;
  const share = Math.round((storage.storedBytes / storage.fullCopyBytes) * 1000) / 10;
  const row = (name: string, timings: Timings) => `${`${dialect} ${name}`.padEnd(52)} ${String(timings.p50).padStart(8)} ${String(timings.p95).padStart(8)} ${String(timings.runs).padStart(6)}`;
  return [
    `revisions, ${dialect}: ${storage.revisions} revisions stored in ${kb(storage.storedBytes)} against ${kb(storage.fullCopyBytes)} as full copies (${share} %)`,
    `${'call'.padEnd(52)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'runs'.padStart(6)}`,
    row('PUT save, one element of 300 changed', figures.saves),
    row(`GET revisions first page, ${figures.historyRevisions.toLocaleString('en')} revisions`, figures.firstPage),
    row('GET compare two revisions 1,000 apart', figures.compare),
    row('POST restore a revision', figures.restore),
  ];
}
