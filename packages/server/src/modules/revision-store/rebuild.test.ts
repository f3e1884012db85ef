import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { SNAPSHOT_EVERY, encodeChain, rebuildContent } from '../../db/revisionForm.ts';
import { loadRevisionContent, recordRevision } from './revisionStore.ts';

type Element = { type: string; value: unknown };
type Content = Record<string, { value: unknown; _meta?: Record<string, unknown> }>;

const paragraph = (text: string): Element => ({ type: 'text', value: `<p>${text}</p>` });
const STORY: Content = {
  title: { value: 'Three hundred elements' },
  teaser: { value: 'A long story, edited again and again.' },
  'story-content': { value: Array.from({ length: 300 }, (_, index) => (index % 10 === 5 ? { type: 'headline', value: { 'headline-text': `Part ${index}` } } : paragraph(`Paragraph ${index}`))) },
};

/** One edit a person makes to a story: an element changed, added, removed or moved, the title or a meta changed. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('change' as const), at: fc.nat(), text: fc.string({ maxLength: 30 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 30 }) }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('title' as const), text: fc.string({ maxLength: 40 }) }),
  fc.record({ kind: fc.constant('meta' as const), text: fc.constantFrom('bold', 'plain', 'quote') }),
  fc.record({ kind: fc.constant('same' as const) }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function apply(content: Content, change: Edit): Content {
  const next = structuredClone(content);
  const elements = next['story-content']?.value as Element[];
  const index = (at: number) => (elements.length === 0 ? 0 : at % elements.length);
  if (change.kind === 'change' && elements.length > 0) elements[index(change.at)] = paragraph(change.text);
  else if (change.kind === 'insert') elements.splice(change.at % (elements.length + 1), 0, paragraph(change.text));
  else if (change.kind === 'remove' && elements.length > 0) elements.splice(index(change.at), 1);
  else if (change.kind === 'move' && elements.length > 0) elements.splice(index(change.to), 0, ...elements.splice(index(change.at), 1));
  else if (change.kind === 'title') next.title = { value: change.text };
  else if (change.kind === 'meta') next.teaser = { value: next.teaser?.value, _meta: { style: change.text } };
  return next;
}

const historyOf = (edits: readonly Edit[]): Content[] => {
  const contents = [STORY];
  for (const change of edits) contents.push(apply(contents.at(-1) as Content, change));
  return contents;
};

describe('revision form', () => {
  it('rebuilds every revision of random edit sequences of a 300-element story exactly', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 2 * SNAPSHOT_EVERY + 10 }), (edits) => {
        const chain = encodeChain(historyOf(edits).map((content, index) => ({ version: index + 1, content })));
        chain.forEach((revision, index) => {
          const from = chain.findLastIndex((candidate, at) => at <= index && candidate.encoded.form === 'snapshot');
          const links = chain.slice(from, index + 1).map((link) => ({ version: link.version, form: link.encoded.form, data: link.encoded.data }));
          expect(rebuildContent(links)).toEqual(revision.content);
          expect(index - from).toBeLessThan(SNAPSHOT_EVERY);
        });
      }),
      { numRuns: 25 },
    );
  });
});

describe.each(DIALECTS)('revisions as stored (%s)', (dialect) => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-revisions-'));
    database = await openTestDatabase(dialect, dir);
  });
  afterAll(async () => {
    await database.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rebuilds at every revision what was saved then, for random edit sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: SNAPSHOT_EVERY + 20 }), async (edits) => {
        const id = crypto.randomUUID();
        const contents = historyOf(edits);
        for (const [index, content] of contents.entries()) {
          await recordRevision(database.db, { id, locale: 'en', version: index + 1, action: 'save', by: { id: 'editor', name: 'Emma Editor' }, at: new Date().toISOString(), previous: contents[index - 1] ?? {}, content, changedProperties: [], ifMatch: null });
        }
        for (const [index, content] of contents.entries()) expect(await loadRevisionContent(database.db, { id, locale: 'en', deletedId: '' }, index + 1)).toEqual(content);
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});
