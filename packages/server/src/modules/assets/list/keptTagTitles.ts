import type { Kysely } from 'kysely';
import type { ListEngine } from '../../../db/dialects/listEngine.ts';
import type { DB } from '../../../db/schema.ts';

/** A tag's title, in English where it has an English version, and its spaces (JSON), as `readTitles` reads them. */
type TitleRow = Awaited<ReturnType<ListEngine['readTitles']>>[number];

/** Tags kept at most; past it they all go (a list's facets name ten). */
const KEPT_TAGS = 10_000;

/**
 * The titles of the tags that lists' facets name, kept between lists until the list index's feed says their asset
 * changed (`ListIndexFeed.onChange`), which it does before a list that caught the index up goes on: reading ten titles
 * cost a SQLite reader thread 0.3 ms per list, a sixth of a list's work. Only for lists that caught the index up.
 */
export class KeptTagTitles {
  /** Tag id → its row, or null for a tag without a title (a deleted one). */
  private readonly kept = new Map<string, TitleRow | null>();
  /** How many times the feed told of changes: a read during which it did may hold an older title, and is not kept. */
  private changes = 0;

  constructor(private readonly engine: Pick<ListEngine, 'readTitles'>) {}

  /** The feed learnt that these assets' versions changed; undefined: anything may have. */
  forget(assetIds: readonly string[] | undefined): void {
    this.changes += 1;
    if (!assetIds) this.kept.clear();
    else for (const id of assetIds) this.kept.delete(id);
  }

  /** The rows of the tags with a title among `ids`, as `readTitles` answers them. */
  async read(db: Kysely<DB>, ids: readonly string[]): Promise<TitleRow[]> {
    // Known before the read: a change learnt of meanwhile is for the next list.
    const known = new Map(ids.flatMap((id) => (this.kept.has(id) ? [[id, this.kept.get(id) ?? null] as const] : [])));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) {
      const changes = this.changes;
      const rows = await this.engine.readTitles(db, missing);
      const byId = new Map(rows.map((row) => [row.asset_id, row]));
      for (const id of missing) known.set(id, byId.get(id) ?? null);
      if (changes === this.changes) {
        if (this.kept.size + missing.length > KEPT_TAGS) this.kept.clear();
        for (const id of missing) this.kept.set(id, byId.get(id) ?? null);
      }
    }
    return ids.flatMap((id) => known.get(id) ?? []);
  }
}
