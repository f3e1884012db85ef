import { describe, expect, it } from 'vitest';
import { draftKey, readDraft, removeDraft, writeDraft, type LocalDraft } from './localDrafts.ts';

const draft: LocalDraft = {
  id: 'a1',
  locale: 'de',
  values: { title: 'Entwurf' },
  metas: {},
  basedOnVersion: 3,
  basedOnUpdatedDate: '2026-11-20T10:00:00.000Z',
  savedAt: '2026-11-21T10:00:00.000Z',
};

/** A storage that refuses writes beyond `capacity` characters, like a full browser store. */
function limitedStorage(capacity: number): Storage {
  const map = new Map<string, string>();
  const size = () => [...map.values()].reduce((sum, value) => sum + value.length, 0);
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      const previous = map.get(key)?.length ?? 0;
      if (size() - previous + value.length > capacity) throw new DOMException('full', 'QuotaExceededError');
      map.set(key, value);
    },
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

describe('local drafts', () => {
  it('keeps a draft per asset id and locale and removes it', () => {
    const storage = limitedStorage(10_000);
    expect(writeDraft(draft, storage)).toBe(true);
    expect(readDraft('a1', 'de', storage)).toEqual(draft);
    expect(readDraft('a1', 'en', storage)).toBeUndefined();
    removeDraft('a1', 'de', storage);
    expect(readDraft('a1', 'de', storage)).toBeUndefined();
  });

  it('on a full storage clears everything but drafts and retries', () => {
    const other = { ...draft, locale: 'fr' };
    const storage = limitedStorage(JSON.stringify(draft).length + JSON.stringify(other).length + 2);
    writeDraft(other, storage);
    storage.setItem('recent-searches', 'x'.repeat(5));
    expect(writeDraft(draft, storage)).toBe(true);
    expect(storage.getItem('recent-searches')).toBeNull();
    expect(readDraft('a1', 'fr', storage)).toEqual(other);
    expect(readDraft('a1', 'de', storage)).toEqual(draft);
  });

  it('reports a draft that does not fit even then', () => {
    expect(writeDraft(draft, limitedStorage(10))).toBe(false);
  });

  it('keeps the AI review decisions of a draft, and drops malformed ones', () => {
    const storage = limitedStorage(10_000);
    writeDraft({ ...draft, aiReview: { needsConfirmation: true, generatedProperties: ['teaser'] } }, storage);
    expect(readDraft('a1', 'de', storage)?.aiReview).toEqual({ needsConfirmation: true, generatedProperties: ['teaser'] });
    storage.setItem(draftKey('a1', 'de'), JSON.stringify({ ...draft, aiReview: { needsConfirmation: 'yes' } }));
    const read = readDraft('a1', 'de', storage);
    expect(read?.values).toEqual(draft.values);
    expect(read && 'aiReview' in read).toBe(false);
  });

  it('ignores a stored entry that is not a draft', () => {
    const storage = limitedStorage(1000);
    storage.setItem(draftKey('a1', 'de'), '{"broken"');
    expect(readDraft('a1', 'de', storage)).toBeUndefined();
  });
});
