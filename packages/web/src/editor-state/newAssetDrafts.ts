import { draftKey, writeDraft } from './localDrafts.ts';

/** Spec 000 §3: the id of an asset that exists only locally and is unsaved. */
export const NEW_ASSET_ID = '-';

/**
 * Spec 000 §4 create: the local draft made before the create call, with what the create needs to run again: the
 * space, the stencil and the first values. Stored beside the drafts of saved assets (`draftKey('-', locale)`).
 */
export interface NewAssetDraft {
  id: typeof NEW_ASSET_ID;
  locale: string;
  space: string;
  stencil: string;
  /** The stencil's label, to name the draft when it is offered. */
  stencilLabel: string;
  /** The first values, by input name. */
  values: Record<string, unknown>;
  savedAt: string;
}

const NEW_ASSET_PREFIX = draftKey(NEW_ASSET_ID, '');

function isNewAssetDraft(value: unknown): value is NewAssetDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<NewAssetDraft>;
  return (
    draft.id === NEW_ASSET_ID &&
    typeof draft.locale === 'string' &&
    typeof draft.space === 'string' &&
    typeof draft.stencil === 'string' &&
    typeof draft.stencilLabel === 'string' &&
    typeof draft.values === 'object' &&
    draft.values !== null &&
    typeof draft.savedAt === 'string'
  );
}

/** Writes the '-' draft of a new asset in a locale (one per locale, as for every draft). Returns whether it was kept. */
export function writeNewAssetDraft(draft: Omit<NewAssetDraft, 'id' | 'savedAt'>, storage: Storage = window.localStorage): boolean {
  return writeDraft({ ...draft, id: NEW_ASSET_ID, savedAt: new Date().toISOString() }, storage);
}

/** The '-' drafts this browser holds, oldest first; malformed entries are skipped. */
export function readNewAssetDrafts(storage: Storage = window.localStorage): NewAssetDraft[] {
  const drafts: NewAssetDraft[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key === null || !key.startsWith(NEW_ASSET_PREFIX)) continue;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
      if (isNewAssetDraft(parsed)) drafts.push(parsed);
    } catch {
      // Not a draft this app wrote.
    }
  }
  return drafts.toSorted((a, b) => a.savedAt.localeCompare(b.savedAt));
}

export function removeNewAssetDraft(locale: string, storage: Storage = window.localStorage): void {
  storage.removeItem(draftKey(NEW_ASSET_ID, locale));
}
