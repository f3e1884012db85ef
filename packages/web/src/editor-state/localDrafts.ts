import type { EditorSnapshot } from './editorStore.ts';

/** Spec 000 §4, 002 §4: unsaved work kept in the browser, per asset id and locale. */
export interface LocalDraft extends EditorSnapshot {
  id: string;
  locale: string;
  /** The server version the edits were made on, and its update date (for the Draft modal). */
  basedOnVersion: number;
  basedOnUpdatedDate: string;
  savedAt: string;
}

const PREFIX = 'editor-draft:';

export const draftKey = (id: string, locale: string) => `${PREFIX}${id}:${locale}`;

function isDraftKey(key: string | null): boolean {
  return key !== null && key.startsWith(PREFIX);
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

/** Spec 000 §8: a full local storage gives up everything but drafts, so the draft itself still fits. */
function clearAllButDrafts(storage: Storage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key !== null && !isDraftKey(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** Stores the draft; on a quota failure clears everything but drafts and tries once more. Returns whether it was kept. */
export function writeDraft<D extends Pick<LocalDraft, 'id' | 'locale'>>(draft: D, storage: Storage = window.localStorage): boolean {
  const key = draftKey(draft.id, draft.locale);
  const text = JSON.stringify(draft);
  try {
    storage.setItem(key, text);
    return true;
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    clearAllButDrafts(storage);
    try {
      storage.setItem(key, text);
      return true;
    } catch {
      return false;
    }
  }
}

function isDraft(value: unknown): value is LocalDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<LocalDraft>;
  return typeof draft.values === 'object' && draft.values !== null && typeof draft.basedOnVersion === 'number' && typeof draft.savedAt === 'string';
}

/** The AI review decisions a draft carries, if they are well-formed (a draft from an older app has none). */
function isAiReview(value: unknown): value is NonNullable<EditorSnapshot['aiReview']> {
  if (typeof value !== 'object' || value === null) return false;
  const review = value as { needsConfirmation?: unknown; generatedProperties?: unknown };
  return typeof review.needsConfirmation === 'boolean' && Array.isArray(review.generatedProperties) && review.generatedProperties.every((name) => typeof name === 'string');
}

export function readDraft(id: string, locale: string, storage: Storage = window.localStorage): LocalDraft | undefined {
  const text = storage.getItem(draftKey(id, locale));
  if (text === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isDraft(parsed)) return undefined;
    const { aiReview, ...draft } = parsed;
    return { ...draft, metas: draft.metas ?? {}, ...(isAiReview(aiReview) ? { aiReview } : {}) };
  } catch {
    return undefined;
  }
}

export function removeDraft(id: string, locale: string, storage: Storage = window.localStorage): void {
  storage.removeItem(draftKey(id, locale));
}
