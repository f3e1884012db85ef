/** Okapi BM25's constants: term-frequency saturation in a tag (k1), in the text (k3), and length normalisation (b). */
const K1 = 1.2;
const K3 = 8;
const B = 0.75;

/** Words this short or this common say nothing about which tag fits. */
const MIN_WORD = 2;
const STOP_WORDS = new Set(
  'the and for with from that this was were are his her their its has have had but not you our out into over than then them they she him who what when where which will would about after before also just more most some such very der die das und mit von den dem des ein eine für auf ist les des une pour avec dans sur por con las los del una'.split(' '),
);

/** Lower-cased words without accents (Zürich and zurich are one word), digits kept, stop words dropped. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replaceAll(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= MIN_WORD && !STOP_WORDS.has(word));
}

/** One tag: its titles in every locale (a title in another locale is an alias of the tag). */
export interface TagDocument {
  id: string;
  titles: ReadonlyArray<{ locale: string; title: string }>;
}

interface IndexedTag {
  id: string;
  titles: ReadonlyArray<{ locale: string; title: string; words: ReadonlySet<string> }>;
  frequencies: ReadonlyMap<string, number>;
  length: number;
}

export interface TagIndex {
  tags: readonly IndexedTag[];
  /** word → the tags whose titles contain it. */
  postings: ReadonlyMap<string, readonly IndexedTag[]>;
  averageLength: number;
}

/** Builds the index of a space's tags once; searching it costs only the words of the text. */
export function buildTagIndex(documents: readonly TagDocument[]): TagIndex {
  const tags: IndexedTag[] = documents.map((document) => {
    const frequencies = new Map<string, number>();
    const titles = document.titles.map((entry) => {
      const words = tokenize(entry.title);
      for (const word of words) frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
      return { ...entry, words: new Set(words) };
    });
    const length = [...frequencies.values()].reduce((sum, count) => sum + count, 0);
    return { id: document.id, titles, frequencies, length };
  });
  const postings = new Map<string, IndexedTag[]>();
  for (const tag of tags) for (const word of tag.frequencies.keys()) postings.set(word, [...(postings.get(word) ?? []), tag]);
  const averageLength = tags.length === 0 ? 1 : Math.max(1, tags.reduce((sum, tag) => sum + tag.length, 0) / tags.length);
  return { tags, postings, averageLength };
}

const sharedWords = (words: ReadonlySet<string>, query: ReadonlyMap<string, number>) => [...words].filter((word) => query.has(word)).length;

export interface ScoredTag {
  id: string;
  title: string;
  locale: string;
  score: number;
}

/**
 * The `amount` tags that fit the text best by BM25, best first (ties by id): the text is the query, each tag's
 * titles the document. A tag is answered in the title that shares most words with the text (English on a tie).
 */
export function searchTags(index: TagIndex, text: string, amount: number): ScoredTag[] {
  const queryFrequencies = new Map<string, number>();
  for (const word of tokenize(text)) if (index.postings.has(word)) queryFrequencies.set(word, (queryFrequencies.get(word) ?? 0) + 1);
  const scores = new Map<IndexedTag, number>();
  const total = index.tags.length;
  for (const [word, queryFrequency] of queryFrequencies) {
    const tags = index.postings.get(word) ?? [];
    const idf = Math.log(1 + (total - tags.length + 0.5) / (tags.length + 0.5));
    const queryWeight = (queryFrequency * (K3 + 1)) / (queryFrequency + K3);
    for (const tag of tags) {
      const frequency = tag.frequencies.get(word) ?? 0;
      const termWeight = (frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * tag.length) / index.averageLength));
      scores.set(tag, (scores.get(tag) ?? 0) + idf * termWeight * queryWeight);
    }
  }
  const shared = (entry: IndexedTag['titles'][number]) => sharedWords(entry.words, queryFrequencies);
  return [...scores]
    .toSorted(([a, scoreA], [b, scoreB]) => scoreB - scoreA || a.id.localeCompare(b.id))
    .slice(0, amount)
    .map(([tag, score]) => {
      const best = tag.titles.toSorted((a, b) => shared(b) - shared(a) || Number(b.locale === 'en') - Number(a.locale === 'en'))[0];
      return { id: tag.id, title: best?.title ?? '', locale: best?.locale ?? 'en', score };
    });
}
