import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../../db/schema.ts';
import { KeptTagTitles } from './keptTagTitles.ts';

const db = {} as Kysely<DB>;

/** Titles in a table the test edits; counts the ids each read asks for. */
function fakeTitles() {
  const titles = new Map([
    ['a', 'Waves'],
    ['b', 'Hawaii'],
  ]);
  const asked: string[][] = [];
  let duringRead: (() => void) | undefined;
  const engine = {
    readTitles: async (_db: Kysely<DB>, ids: readonly string[]) => {
      asked.push([...ids]);
      const rows = ids.flatMap((id) => (titles.has(id) ? [{ asset_id: id, title: titles.get(id) ?? '', spaces: '["global"]' }] : []));
      duringRead?.();
      duringRead = undefined;
      return rows;
    },
  };
  return { titles, asked, engine, whileReading: (run: () => void) => (duringRead = run) };
}

const titlesOf = (rows: ReadonlyArray<{ title: string }>) => rows.map((row) => row.title);

describe('kept tag titles', () => {
  it('reads a tag once, again once the feed tells it changed, and every tag again after a build', async () => {
    const { titles, asked, engine } = fakeTitles();
    const kept = new KeptTagTitles(engine);
    expect(titlesOf(await kept.read(db, ['a', 'b', 'gone']))).toEqual(['Waves', 'Hawaii']);
    expect(titlesOf(await kept.read(db, ['b', 'a', 'gone']))).toEqual(['Hawaii', 'Waves']);
    expect(asked).toEqual([['a', 'b', 'gone']]);
    titles.set('a', 'Big waves');
    kept.forget(['a']);
    expect(titlesOf(await kept.read(db, ['a', 'b']))).toEqual(['Big waves', 'Hawaii']);
    expect(asked.at(-1)).toEqual(['a']);
    kept.forget(undefined);
    await kept.read(db, ['a', 'b']);
    expect(asked.at(-1)).toEqual(['a', 'b']);
  });

  it('does not keep what it read while the feed told of a change', async () => {
    const { titles, asked, engine, whileReading } = fakeTitles();
    const kept = new KeptTagTitles(engine);
    whileReading(() => {
      titles.set('a', 'Big waves');
      kept.forget(['a']);
    });
    // This list read the title before the change: it shows it, and the next list reads again.
    expect(titlesOf(await kept.read(db, ['a']))).toEqual(['Waves']);
    expect(titlesOf(await kept.read(db, ['a']))).toEqual(['Big waves']);
    expect(asked).toEqual([['a'], ['a']]);
  });
});
