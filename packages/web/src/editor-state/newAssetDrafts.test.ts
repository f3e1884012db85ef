import { beforeEach, describe, expect, it } from 'vitest';
import { draftKey, readDraft } from './localDrafts.ts';
import { readNewAssetDrafts, removeNewAssetDraft, writeNewAssetDraft } from './newAssetDrafts.ts';

const story = { locale: 'en', space: 'rbcom', stencil: 'story', stencilLabel: 'Story', values: { title: 'Cliff diving' } };

beforeEach(() => localStorage.clear());

describe("new asset drafts (spec 000 §4: a local draft with id '-')", () => {
  it("keeps the first values under the '-' draft key of the locale and reads them back", () => {
    expect(writeNewAssetDraft(story)).toBe(true);
    expect(localStorage.getItem(draftKey('-', 'en'))).not.toBeNull();
    expect(readNewAssetDrafts()).toEqual([{ ...story, id: '-', savedAt: expect.any(String) as string }]);
  });

  it('lists one draft per locale, oldest first, and skips what is not one', () => {
    localStorage.setItem(draftKey('-', 'de'), JSON.stringify({ ...story, id: '-', locale: 'de', savedAt: '2026-03-01T00:00:00.000Z' }));
    localStorage.setItem(draftKey('-', 'fr'), '{not json');
    localStorage.setItem(draftKey('-', 'es'), JSON.stringify({ id: '-', locale: 'es' }));
    writeNewAssetDraft(story);
    expect(readNewAssetDrafts().map((draft) => draft.locale)).toEqual(['de', 'en']);
  });

  it('leaves the drafts of saved assets alone, and they leave it alone', () => {
    localStorage.setItem(draftKey('a1', 'en'), JSON.stringify({ values: {}, metas: {}, basedOnVersion: 1, basedOnUpdatedDate: '', savedAt: '2026-03-01T00:00:00.000Z' }));
    writeNewAssetDraft(story);
    expect(readNewAssetDrafts()).toHaveLength(1);
    expect(readDraft('a1', 'en')).toBeDefined();
    removeNewAssetDraft('en');
    expect(readNewAssetDrafts()).toEqual([]);
    expect(readDraft('a1', 'en')).toBeDefined();
  });
});
