import { describe, expect, it } from 'vitest';
import type { InputDefinition } from '@editor/domain';
import { createEditorStore, metaPayload } from './editorStore.ts';
import { aiReviewPayload, keepPendingDecisions, reviewField, type AiReview } from './aiReview.ts';

const review = (generatedProperties: string[], needsConfirmation = true): AiReview => ({ needsConfirmation, generatedProperties });
const inputs: InputDefinition[] = [
  { name: 'title', type: 'text', view: { label: 'Title' } },
  { name: 'teaser', type: 'rich-text', view: { label: 'Teaser' } },
];

describe('AI review decisions (spec 000 §4, 002 §4)', () => {
  it('un-lists a decided field and keeps the confirmation while another tagged field remains', () => {
    expect(reviewField(review(['title', 'teaser']), { name: 'title', inputs, values: { title: 'A', teaser: '<p>B</p>' } })).toEqual(review(['teaser']));
  });

  it('clears the confirmation once no listed field would still show its tag (the rest is empty)', () => {
    expect(reviewField(review(['title', 'teaser']), { name: 'title', inputs, values: { title: 'A', teaser: '<p> </p>' } })).toEqual(review(['teaser'], false));
  });

  it('sends a _meta only when the review changed', () => {
    expect(aiReviewPayload(review(['title']), review(['title']))).toBeUndefined();
    expect(aiReviewPayload(review(['title']), review([], false))).toEqual({ aiTranslationNeedsConfirmation: false, aiGeneratedProperties: [] });
  });

  it('applies decisions made while a save was on its way to the saved version', () => {
    // The save sent the title's Accept; the teaser was deleted meanwhile.
    const before = review(['title', 'teaser']);
    const current = review([], false);
    const latest = review(['teaser']);
    expect(keepPendingDecisions({ before, current, latest })).toEqual(review([], false));
    expect(keepPendingDecisions({ before, current: before, latest })).toEqual(latest);
  });
});

const storeWith = (aiReview: AiReview) =>
  createEditorStore({ inputs, original: { values: { title: 'A', teaser: 'B' }, metas: {}, aiReview }, showAllErrors: false, isReadonly: false });

describe('the editor store holds AI decisions as unsaved changes', () => {
  it('counts Accept and Delete once per field, and Delete clears the value', () => {
    const store = storeWith(review(['title', 'teaser']));
    store.getState().reviewAiField('title', 'accept');
    store.getState().reviewAiField('teaser', 'delete');
    expect(store.getState().changes).toEqual(['teaser', 'title']);
    expect(store.getState().values).toEqual({ title: 'A' });
    expect(metaPayload(store.getState())).toEqual({ aiTranslationNeedsConfirmation: false, aiGeneratedProperties: [] });
  });

  it('discard and rebase put the review back to the server version', () => {
    const store = storeWith(review(['title']));
    store.getState().reviewAiField('title', 'accept');
    store.getState().discard();
    expect(store.getState().aiReview).toEqual(review(['title']));
    store.getState().reviewAiField('title', 'accept');
    store.getState().rebase({ values: { title: 'A', teaser: 'B' }, metas: {}, aiReview: review([], false) });
    expect(store.getState().changes).toEqual([]);
    expect(metaPayload(store.getState())).toBeUndefined();
  });

  it('a read-only editor takes no decisions', () => {
    const store = createEditorStore({ inputs, original: { values: { title: 'A' }, metas: {}, aiReview: review(['title']) }, showAllErrors: false, isReadonly: true });
    store.getState().reviewAiField('title', 'delete');
    expect(store.getState().values).toEqual({ title: 'A' });
    expect(store.getState().changes).toEqual([]);
  });
});
