import type { AssetStatus } from './status.ts';

/** What the action bar knows about the open version (spec 002 §4 "Action availability"). */
export interface EditorActionContext {
  status: AssetStatus;
  /** Unsaved changes exist. */
  isDirty: boolean;
  /** The content has validation errors. */
  errorCount: number;
  /** From the version's link methods (DESIGN §4): PUT, DELETE on self; POST on publish and depublish. */
  isEditable: boolean;
  isDeletable: boolean;
  isPublishable: boolean;
  isDepublishable: boolean;
  /** The user may translate this asset into at least one locale (spec 000 §6). */
  canTranslate: boolean;
  /** A save is running. */
  isSaving: boolean;
  /** The version is an AI translation nobody has accepted yet (spec 000 §1: an AI draft must be confirmed). */
  needsAiConfirmation: boolean;
}

export interface EditorActions {
  save: boolean;
  discard: boolean;
  delete: boolean;
  publish: boolean;
  unpublish: boolean;
  translate: boolean;
  bulkEdit: boolean;
}

/**
 * Spec 002 §4 action availability: which action-bar buttons are offered. Publish needs a publishable, clean asset
 * without errors and, for an AI translation, accepted; Unpublish a depublishable, clean asset that is not Unpublished; Delete hides and Discard shows
 * while dirty; Save only when editable and dirty.
 */
export function editorActions(context: EditorActionContext): EditorActions {
  const { isDirty } = context;
  return {
    save: context.isEditable && isDirty,
    discard: isDirty,
    delete: context.isDeletable && !isDirty,
    publish: context.isPublishable && !isDirty && context.errorCount === 0 && !context.needsAiConfirmation,
    unpublish: context.isDepublishable && context.status !== 'unpublished' && context.status !== 'draft' && !isDirty,
    translate: context.canTranslate,
    // Bulk edit ships this version's values to other locales: it needs a saved, editable version.
    bulkEdit: context.isEditable && !isDirty,
  };
}
