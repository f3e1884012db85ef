import { assetReferenceSchema, plainText, validateContent, walkValues, type StencilDefinition } from '@editor/domain';
import type { StoredContent } from './content.ts';
import { imageOf } from './imageOf.ts';
import { tagIdsOf } from './tagging.ts';
import { titleOf } from './content.ts';

/** Enough text for search to find an asset by its words; the rest of a very long story adds little. */
const MAX_SEARCH_TEXT = 20_000;
/** Internal links in rich text: `/api/v1/assets/{assetId}` (spec 002 §7). */
const INTERNAL_LINK = /\/api\/v1\/assets\/([0-9a-f-]{36})/g;

export interface AssetReferenceRow {
  input: string;
  targetId: string;
}

/** What lists, search and usage read from a version, computed once at each write instead of from JSON at every read. */
export interface DerivedColumns {
  title: string;
  /** Spec 000 §5 validation errors; card health and the list show them without loading content. */
  errorCount: number;
  /** JSON of the media value that stands for the version, or null. */
  mainImage: string | null;
  searchText: string;
  infographic: boolean;
  /** Every asset the version references, by the top-level input holding the reference (usage, tagging, authorship). */
  references: AssetReferenceRow[];
  /** The targets of its tagging references as a JSON array (`asset_localization.tag_ids`), for the list's tag buckets. */
  tagIds: string;
}

export function valuesOf(content: StoredContent): Record<string, unknown> {
  return Object.fromEntries(Object.entries(content).map(([name, input]) => [name, input.value]));
}

export function deriveColumns(stencil: StencilDefinition, content: StoredContent): DerivedColumns {
  const values = valuesOf(content);
  const texts: string[] = [];
  const references = new Map<string, AssetReferenceRow>();
  const addReference = (input: string, targetId: string) => references.set(`${input} ${targetId}`, { input, targetId });
  walkValues(stencil.inputs, values, ({ input, value, topInput }) => {
    if ((input.type === 'text' || input.type === 'rich-text') && typeof value === 'string') {
      texts.push(input.type === 'rich-text' ? plainText(value) : value);
      if (input.type === 'rich-text') for (const match of value.matchAll(INTERNAL_LINK)) addReference(topInput, match[1]!);
    }
    if (input.type === 'asset' || input.type === 'child-ref') {
      const reference = assetReferenceSchema.safeParse(value);
      if (reference.success) addReference(topInput, reference.data.id);
    }
  });
  const image = imageOf(stencil, content);
  const referenced = [...references.values()];
  return {
    title: titleOf(stencil, content),
    errorCount: validateContent(stencil, values).length,
    mainImage: image ? JSON.stringify(image) : null,
    searchText: texts.join(' ').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_TEXT),
    infographic: values.infographic === true,
    references: referenced,
    tagIds: tagIdsOf(referenced),
  };
}
