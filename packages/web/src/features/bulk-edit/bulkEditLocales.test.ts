import { describe, expect, it } from 'vitest';
import { BULK_EDIT_TEXTS, type BulkPatchLocaleResult } from '@editor/domain';
import type { ApiClient } from '../../api/client.ts';
import { patchLocale, wasUpdated } from './bulkEditCalls.ts';
import { failureText, finishGroupOf, offeredLocales } from './bulkEditLocales.ts';

describe('bulk edit locales and outcomes (spec 002 §3, §4, §8)', () => {
  it("offers the asset's versions in the user's locales, the open one first even when not among them", () => {
    const rows = offeredLocales({
      localizations: [
        { localization: 'de', status: 'draft' },
        { localization: 'en', status: 'published' },
        { localization: 'es', status: 'unpublished' },
      ],
      userLocales: ['de'],
      openLocale: 'en',
    });
    expect(rows.map((row) => [row.locale, row.status])).toEqual([
      ['en', 'Published'],
      ['de', 'Draft'],
    ]);
  });

  it.each<[BulkPatchLocaleResult, string, boolean]>([
    [{ updateStatus: 'save-success', messages: [] }, 'saved', true],
    [{ updateStatus: 'save-and-publish-success', messages: [] }, 'savedAndPublished', true],
    [{ updateStatus: 'error', error: 'publish', messages: [] }, 'savingFailed', true],
    [{ updateStatus: 'error', error: 'save', messages: [] }, 'savingFailed', false],
  ])('groups %o as %s (updated: %s)', (result, group, updated) => {
    expect(finishGroupOf(result)).toBe(group);
    expect(wasUpdated(result)).toBe(updated);
  });

  it('says what a failed row means', () => {
    expect(failureText({ updateStatus: 'error', error: 'publish', messages: [] })).toBe(BULK_EDIT_TEXTS.savedNotPublished);
    expect(failureText({ updateStatus: 'error', error: 'save', messages: [] })).toBe(BULK_EDIT_TEXTS.notSaved);
  });

  it('turns a network failure into a failed save of that locale', async () => {
    const api: ApiClient = { request: () => Promise.reject(new TypeError('Failed to fetch')), send: () => Promise.resolve(), fetchBlob: () => Promise.resolve(new Blob()) };
    expect(await patchLocale(api, { id: 'a1', locale: 'de', content: {}, publish: false })).toEqual({ updateStatus: 'error', error: 'save', messages: ['Failed to fetch'] });
  });
});
