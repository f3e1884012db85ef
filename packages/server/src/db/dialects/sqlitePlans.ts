import { LimitNode, PrimitiveValueListNode, ValueListNode, ValueNode, sql, type Kysely, type KyselyPlugin, type OperationNode } from 'kysely';

/**
 * SQLite plans a statement anew at every run whose plan could depend on a bound value: a `LIMIT ?` (the planner
 * weighs the row count) and any value compared with an indexed column that has value samples (`sqlite_stat4`, which
 * better-sqlite3's build enables). Planning then costs more than running: a delivery lookup by slug took 51 µs of CPU
 * instead of 6, a list page's statement 188 µs instead of 92. So a limit is written into the statement text (a
 * whole number, from a bounded set of page sizes), and the statistics keep no value samples (`dropValueSamples`).
 */

const isWholeNumber = (node: OperationNode): node is ValueNode & { value: number } => ValueNode.is(node) && !node.immediate && Number.isSafeInteger(node.value);

const isOperationNode = (value: unknown): value is OperationNode => typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';

/**
 * The query with its whole-number limits as text; the nodes on the way to a changed limit are copied, every other
 * node is the query's own. (Kysely's node transformer copied every node of every statement: a tenth of a delivery list
 * page's time on the main thread.) The values a statement binds are never walked.
 */
function withLimitsInText<T>(node: T): T {
  if (Array.isArray(node)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < node.length; index++) {
      const item: unknown = node[index];
      if (typeof item !== 'object' || item === null) continue;
      const changed = withLimitsInText(item);
      if (changed !== item) (copy ??= [...node])[index] = changed;
    }
    return copy ? (Object.freeze(copy) as T) : node;
  }
  if (!isOperationNode(node) || ValueNode.is(node) || ValueListNode.is(node) || PrimitiveValueListNode.is(node)) return node;
  if (LimitNode.is(node)) return (isWholeNumber(node.limit) ? Object.freeze({ ...node, limit: ValueNode.createImmediate(node.limit.value) }) : node) as T;
  let copy: Record<string, unknown> | undefined;
  const fields = node as Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key];
    if (typeof value !== 'object' || value === null) continue;
    const changed = withLimitsInText(value);
    if (changed !== value) (copy ??= { ...fields })[key] = changed;
  }
  return copy ? (Object.freeze(copy) as T) : node;
}

/** The plugin of every SQLite Kysely: limits as text. */
export const sqliteLimitsInText: KyselyPlugin = {
  transformQuery: (args) => withLimitsInText(args.node),
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
