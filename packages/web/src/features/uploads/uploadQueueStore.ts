import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { entryFromFile, refusalMessages, screenFiles, type UploadEntry } from './uploadEntry.ts';

/** What the Upload Failed modal shows: its texts and the files they concern. */
export interface UploadsFailure {
  messages: readonly string[];
  fileNames: readonly string[];
}

export interface UploadQueueState {
  entries: UploadEntry[];
  /** The space the user picked; `undefined` until they pick one, so that their default space applies. */
  chosenSpace: string | null | undefined;
  /** The credits last applied to all images; new files start with them. */
  credits: string;
  isRunning: boolean;
  /** Once an upload was attempted every field shows its errors, touched or not. */
  hasTriedUpload: boolean;
  /** Why files were refused or uploads failed, until the user closes the modal. */
  failure: UploadsFailure | null;

  /** Spec 000 §5: adds the picked or dropped files that may be uploaded and reports the refused ones. */
  takeFiles(files: readonly File[]): void;
  addFiles(files: readonly File[]): void;
  updateEntry(id: string, patch: Partial<UploadEntry>): void;
  removeEntry(id: string): void;
  clearUploaded(): void;
  /** Spec 001 §2.8: the credits for every image that is not uploaded yet. */
  applyCredits(credits: string): void;
  chooseSpace(space: string | null): void;
  reportFailure(failure: UploadsFailure): void;
  dismissFailure(): void;
  /** Every field shows its errors from now on (an upload was asked for). */
  showAllErrors(): void;
  startRun(): void;
  finishRun(): void;
  /** Empties the list (a new session, a test). */
  reset(): void;
}

export type UploadQueueStore = StoreApi<UploadQueueState>;

type QueueData = Pick<UploadQueueState, 'entries' | 'chosenSpace' | 'credits' | 'isRunning' | 'hasTriedUpload' | 'failure'>;
const INITIAL: QueueData = { entries: [], chosenSpace: undefined, credits: '', isRunning: false, hasTriedUpload: false, failure: null };

/** Frees the thumbnails of entries that leave the list. */
function forget(entries: readonly UploadEntry[]): void {
  for (const entry of entries) URL.revokeObjectURL(entry.thumbnail);
}

export function createUploadQueueStore(): UploadQueueStore {
  let nextId = 1;
  return createStore<UploadQueueState>()((set, get) => ({
    ...INITIAL,
    takeFiles(files) {
      const { accepted, refused } = screenFiles(files);
      if (accepted.length > 0) get().addFiles(accepted);
      if (refused.length > 0) set({ failure: { messages: refusalMessages(files.length, refused), fileNames: refused.map((file) => file.name) } });
    },
    addFiles(files) {
      const added = files.map((file) => entryFromFile(file, { id: `upload-${nextId++}`, thumbnail: URL.createObjectURL(file), credits: get().credits }));
      set({ entries: [...get().entries, ...added] });
    },
    updateEntry(id, patch) {
      set({ entries: get().entries.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)) });
    },
    removeEntry(id) {
      forget(get().entries.filter((entry) => entry.id === id));
      set({ entries: get().entries.filter((entry) => entry.id !== id) });
    },
    clearUploaded() {
      const [uploaded, rest] = [get().entries.filter((entry) => entry.status === 'success'), get().entries.filter((entry) => entry.status !== 'success')];
      forget(uploaded);
      set({ entries: rest });
    },
    applyCredits(credits) {
      set({ credits, entries: get().entries.map((entry) => (entry.status === 'success' ? entry : { ...entry, credits })) });
    },
    chooseSpace(space) {
      set({ chosenSpace: space });
    },
    reportFailure(failure) {
      set({ failure });
    },
    dismissFailure() {
      set({ failure: null });
    },
    showAllErrors() {
      set({ hasTriedUpload: true });
    },
    startRun() {
      set({ isRunning: true });
    },
    finishRun() {
      // Files added later start untouched again: their errors wait until they are edited or uploaded.
      set({ isRunning: false, hasTriedUpload: false });
    },
    reset() {
      forget(get().entries);
      set(INITIAL);
    },
  }));
}

/**
 * The one upload list of the app. It lives outside the page so that uploads keep running, and stay listed, while the
 * user looks at other pages; files dropped elsewhere (the header's tab) join it too.
 */
export const uploadQueue = createUploadQueueStore();

export function useUploadQueue<T>(select: (state: UploadQueueState) => T): T {
  return useStore(uploadQueue, select);
}
