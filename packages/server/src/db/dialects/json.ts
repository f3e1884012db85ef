import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../database.ts';

/** Reading values out of JSON text columns, typed, in each dialect. A value of another JSON type reads as NULL. */

export type JsonKind = 'text' | 'number' | 'boolean';

function sqlitePath(path: readonly string[]): string {
  return `$${path.map((key) => `."${key.replaceAll('"', '')}"`).join('')}`;
}

/** The value at `path` in the JSON text `column`, as `kind`, or NULL when absent or of another type. */
export function jsonValue(dialect: Dialect, column: RawBuilder<unknown>, path: readonly string[], kind: JsonKind): RawBuilder<unknown> {
  if (dialect === 'sqlite') {
    const at = sqlitePath(path);
    if (kind === 'boolean') return sql`(CASE json_type(${column}, ${at}) WHEN 'true' THEN 1 WHEN 'false' THEN 0 END)`;
    const types = kind === 'number' ? sql`('integer', 'real')` : sql`('text')`;
    return sql`(CASE WHEN json_type(${column}, ${at}) IN ${types} THEN json_extract(${column}, ${at}) END)`;
  }
  const at = `{${path.map((key) => key.replace(/[{},"\\]/g, '')).join(',')}}`;
  const pgType = { text: 'string', number: 'number', boolean: 'boolean' }[kind];
  const cast = { text: sql``, number: sql`::numeric`, boolean: sql`::boolean` }[kind];
  return sql`(CASE WHEN jsonb_typeof(${column}::jsonb #> ${at}::text[]) = ${pgType} THEN (${column}::jsonb #>> ${at}::text[])${cast} END)`;
}

/** Whether `path` holds a value (not JSON null) in the JSON text `column`. */
export function jsonHasValue(dialect: Dialect, column: RawBuilder<unknown>, path: readonly string[]): RawBuilder<boolean> {
  if (dialect === 'sqlite') return sql<boolean>`(json_type(${column}, ${sqlitePath(path)}) NOT IN ('null') AND json_type(${column}, ${sqlitePath(path)}) IS NOT NULL)`;
  const at = `{${path.map((key) => key.replace(/[{},"\\]/g, '')).join(',')}}`;
  return sql<boolean>`(coalesce(jsonb_typeof(${column}::jsonb #> ${at}::text[]), 'null') <> 'null')`;
}

/** A boolean parameter as the dialect compares it (SQLite keeps booleans as 0 and 1). */
export function booleanParam(dialect: Dialect, value: boolean): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`${value ? 1 : 0}` : sql`${value}`;
}

/**
 * The members `keys` of the JSON object text `column`, as JSON object text: only what a caller shows leaves the
 * database (a member the object lacks comes as null). At most 50 keys (PostgreSQL takes 100 arguments per call).
 */
export function jsonPick(dialect: Dialect, column: RawBuilder<unknown>, keys: readonly string[]): RawBuilder<string | null> {
  if (keys.length === 0 || keys.length > 50) throw new Error(`jsonPick takes 1 to 50 keys, got ${keys.length}`);
  if (dialect === 'sqlite') return sql<string | null>`json_object(${sql.join(keys.map((key) => sql`${key}, ${column} -> ${sqlitePath([key])}`))})`;
  return sql<string | null>`jsonb_build_object(${sql.join(keys.map((key) => sql`${key}::text, ${column}::jsonb -> ${key}::text`))})::text`;
}
