import { describe, expect, it } from 'vitest';
import { editorActions, type EditorActionContext } from './editorActions.ts';

const clean: EditorActionContext = {
  status: 'published',
  isDirty: false,
  errorCount: 0,
  isEditable: true,
  isDeletable: true,
  isPublishable: true,
  isDepublishable: true,
  canTranslate: true,
  isSaving: false,
  needsAiConfirmation: false,
};

describe('editorActions (spec 002 §4)', () => {
  it('offers publish, unpublish, delete on a clean published asset, and no save or discard', () => {
    expect(editorActions(clean)).toEqual({ save: false, discard: false, delete: true, publish: true, unpublish: true, translate: true, bulkEdit: true });
  });

  it('while dirty: save and discard appear, delete, publish, unpublish and bulk edit go', () => {
    expect(editorActions({ ...clean, isDirty: true })).toMatchObject({ save: true, discard: true, delete: false, publish: false, unpublish: false, bulkEdit: false });
  });

  it.each([
    ['errors', { errorCount: 1 }],
    ['no publish right', { isPublishable: false }],
    ['an AI translation not yet accepted', { needsAiConfirmation: true }],
  ])('hides publish with %s', (_, change) => {
    expect(editorActions({ ...clean, ...change }).publish).toBe(false);
  });

  it.each<[string, Partial<EditorActionContext>]>([
    ['an unpublished asset', { status: 'unpublished' }],
    ['a draft', { status: 'draft' }],
    ['no depublish right', { isDepublishable: false }],
  ])('hides unpublish for %s', (_, change) => {
    expect(editorActions({ ...clean, ...change }).unpublish).toBe(false);
  });

  it('offers save only when editable', () => {
    expect(editorActions({ ...clean, isDirty: true, isEditable: false }).save).toBe(false);
  });

  it('hides delete without the right and translate without rights for any locale', () => {
    expect(editorActions({ ...clean, isDeletable: false, canTranslate: false })).toMatchObject({ delete: false, translate: false });
  });
});
