import type { Kysely } from 'kysely';
import type { TagSuggestion, TagSuggestionType } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import type { Actor } from '../assets/types.ts';
import { buildTagIndex, searchTags, type TagDocument, type TagIndex } from './bm25.ts';
import { listTagTitles, tagFingerprint } from './repository.ts';

/** Which stencil's assets each suggestion type suggests (docs/decisions.md, "Tag suggestions"). */
export const SUGGESTED_STENCILS: Record<TagSuggestionType, string> = { disciplines: 'discipline', tags: 'tag', 'content-categories': 'content-category' };

/**
 * Spec 001 §7 tag suggestions, scored offline: one BM25 index per space and stencil, kept in memory and rebuilt
 * when a cheap fingerprint of the stencil's versions changes (a tag written, added or removed, in any space).
 */
export function createTagSuggestionsService(options: { db: Kysely<DB> }) {
  const indexes = new Map<string, { fingerprint: string; index: TagIndex }>();

  async function indexOf(stencil: string, space: string): Promise<TagIndex> {
    const key = `${space} ${stencil}`;
    const fingerprint = await tagFingerprint(options.db, stencil);
    const known = indexes.get(key);
    if (known?.fingerprint === fingerprint) return known.index;
    const rows = await listTagTitles(options.db, { stencil, space });
    const documents = new Map<string, TagDocument & { titles: Array<{ locale: string; title: string }> }>();
    for (const row of rows) {
      const document = documents.get(row.asset_id) ?? { id: row.asset_id, titles: [] };
      document.titles.push({ locale: row.locale, title: row.title });
      documents.set(row.asset_id, document);
    }
    const index = buildTagIndex([...documents.values()]);
    indexes.set(key, { fingerprint, index });
    return index;
  }

  /** The tags of the space that fit the text best; only a space of the user's may be asked. */
  async function suggest(actor: Actor, input: { type: TagSuggestionType; space: string; amount: number; text: string | undefined }): Promise<TagSuggestion[]> {
    if (!actor.rights.spaces.includes(input.space)) throw forbidden(`You have no access to the space ${input.space}.`);
    if (!input.text?.trim()) return [];
    const index = await indexOf(SUGGESTED_STENCILS[input.type], input.space);
    return searchTags(index, input.text, input.amount).map((tag) => ({ uuid: tag.id, title: tag.title, localization: tag.locale }));
  }

  return { suggest };
}

export type TagSuggestionsService = ReturnType<typeof createTagSuggestionsService>;
