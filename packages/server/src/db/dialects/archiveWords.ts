import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../database.ts';

/** `%` and `_` are LIKE's wildcards; a searched word means itself. */
export const likeContaining = (word: string) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * An archive item's title or description holds the word (lower case), anywhere (migration 025). PostgreSQL's trigram
 * index serves the LIKE itself. SQLite asks its trigram table first for the rows holding a word of 3 or more
 * characters (the tokenizer's least; its LIKE knows no ESCAPE, so a word with a wildcard character is not asked),
 * then tests the LIKE on those rows only.
 */
export function archiveWordCondition(dialect: Dialect, word: string): RawBuilder<boolean> {
  const like = sql<boolean>`search_text like ${likeContaining(word)} escape '\\'`;
  if (dialect === 'postgres' || Array.from(word).length < 3 || /[\\%_]/.test(word)) return like;
  return sql<boolean>`(rowid in (select rowid from media_item_words where search_text like ${`%${word}%`}) and ${like})`;
}
