import { OperationNodeTransformer, ValueNode, sql, type Kysely, type KyselyPlugin, type LimitNode, type OperationNode, type QueryId } from 'kysely';

/**
 * SQLite plans a statement anew at every run whose plan could depend on a bound value: a `LIMIT ?` (the planner
 * weighs the row count) and any value compared with an indexed column that has value samples (`sqlite_stat4`, which
 * better-sqlite3's build enables). Planning then costs more than running: a delivery lookup by slug took 51 µs of CPU
 * instead of 6, a list page's statement 188 µs instead of 92. So a limit is written into the statement text (a
 * whole number, from a bounded set of page sizes), and the statistics keep no value samples (`dropValueSamples`).
 */

class LimitsInText extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode, queryId?: QueryId): LimitNode {
    const transformed = super.transformLimit(node, queryId);
    const { limit } = transformed;
    return isWholeNumber(limit) ? { ...transformed, limit: ValueNode.createImmediate(limit.value) } : transformed;
  }
}

const isWholeNumber = (node: OperationNode): node is ValueNode & { value: number } => ValueNode.is(node) && !node.immediate && Number.isSafeInteger(node.value);

/** The plugin of every SQLite Kysely: limits as text. */
export const sqliteLimitsInText: KyselyPlugin = {
  transformQuery: (args) => new LimitsInText().transformNode(args.node, args.queryId),
  transformResult: async (args) => args.result,
};

/**
 * Removes SQLite's value samples (`sqlite_stat4`, which an ANALYZE writes) and has the planner read the statistics
 * again: the counts per index that a plan needs stay (`sqlite_stat1`). Run after every ANALYZE of SQLite.
 */
export async function dropValueSamples<T>(db: Kysely<T>): Promise<void> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat4'`.execute(db);
  if (Number(rows[0]?.n) === 0) return;
  await sql`DELETE FROM sqlite_stat4`.execute(db);
  await sql`ANALYZE sqlite_schema`.execute(db);
}
