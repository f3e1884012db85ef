import { createStore, type StoreApi } from 'zustand/vanilla';
import { validateContent, type InputDefinition, type ValidationError } from '@editor/domain';
import { changedGroups } from './changes.ts';
import { indexedErrorPath } from './itemSteps.ts';
import { setIn, type ValuePath } from './valuePath.ts';
import { aiReviewPayload, keepPendingDecisions, NO_AI_REVIEW, reviewedFields, reviewField, type AiFieldDecision, type AiReview } from './aiReview.ts';

/** An asset's content as plain values: input name → value. */
export type ContentValues = Readonly<Record<string, unknown>>;
/** The `_meta` of each input that has one (hero style, anchors...). */
export type ContentMetas = Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;

/** Spec 002 §9: validation follows changes after 300 ms of quiet. */
export const VALIDATION_DEBOUNCE_MS = 300;

/** Spec 002 §3 asset meta externalReference: where an imported asset comes from. */
export interface ExternalReference {
  origin: string;
  foreignId: string;
}

/** What the content's widgets need to know of the version itself: uploads name the asset, its locale and space. */
export interface AssetAbout {
  id: string;
  localization: string;
  spaces: readonly string[];
  externalReference: ExternalReference | null;
}

export interface EditorSnapshot {
  values: ContentValues;
  metas: ContentMetas;
  /** The version's AI review state; a local draft has none and keeps the editor's. */
  aiReview?: AiReview;
  /** The version's identity and about data; a local draft has none and keeps the editor's. */
  about?: AssetAbout;
}

export interface EditorState {
  inputs: readonly InputDefinition[];
  /** What the server holds (as last loaded or saved); changes are counted against it. */
  original: EditorSnapshot;
  values: ContentValues;
  metas: ContentMetas;
  /** Spec 002 §4 AI review as the next save sends it: each field accepted or deleted is a change of that field. */
  aiReview: AiReview;
  /** The open version's identity and about data (undefined outside the editor, e.g. in a wizard). */
  about: AssetAbout | undefined;
  /** Spec 000 §4: editing an image clears the asset's external reference; null once cleared (the save sends it). */
  externalReference: ExternalReference | null;
  /** Spec 000 §4 hero style: the style id an input had before default was chosen, reused by a later choice. */
  removedStyleIds: Readonly<Record<string, string>>;
  /** Spec 002 §9: the changed paths grouped; its length is the unsaved-changes count. */
  changes: readonly string[];
  /** Top-level input names with a change, for the dots on the tabs. */
  changedInputs: ReadonlySet<string>;
  /** The domain's validation errors plus those the widgets report (a link check, a link to a missing asset). */
  errors: readonly ValidationError[];
  /** Errors a widget reports for its own path, keyed by that path (item steps and all, `itemSteps.ts`). */
  widgetErrors: Readonly<Record<string, readonly string[]>>;
  /** Error paths whose field the user has left (spec 002 §4 "Fields are touched after blur"), as the field names them. */
  touched: Readonly<Record<string, true>>;
  /** Spec 002 §5: errors show after touch, or everywhere once the asset has an update date. */
  showAllErrors: boolean;
  isReadonly: boolean;

  setValue(path: ValuePath, value: unknown): void;
  setMeta(inputName: string, meta: Readonly<Record<string, unknown>> | undefined): void;
  /** AI review of one top-level field: Accept keeps its value, Delete clears it; either way it is no longer AI-generated. */
  reviewAiField(inputName: string, decision: AiFieldDecision): void;
  /** Spec 002 §4 image input: fields an AI image description filled are AI-generated and need confirmation. */
  markAiGenerated(inputNames: readonly string[]): void;
  clearExternalReference(): void;
  rememberStyleId(inputName: string, styleId: string): void;
  touch(errorPath: string): void;
  setWidgetErrors(errorPath: string, messages: readonly string[]): void;
  /** Replaces the server's side (after a save or reload); with `keepEdits` the editor's values stay. */
  rebase(original: EditorSnapshot, options?: { keepEdits?: boolean }): void;
  /** Loads another snapshot (a local draft) over the server's version. */
  load(snapshot: EditorSnapshot): void;
  discard(): void;
  validateNow(): void;
}

export type EditorStore = StoreApi<EditorState>;

export interface EditorStoreInit {
  inputs: readonly InputDefinition[];
  original: EditorSnapshot;
  showAllErrors: boolean;
  isReadonly: boolean;
}

/** The input a change group belongs to: its first segment, or its second under `_meta`. */
function inputOfGroup(group: string): string {
  const start = group.startsWith('_meta.') ? '_meta.'.length : 0;
  const end = group.indexOf('.', start);
  return end < 0 ? group.slice(start) : group.slice(start, end);
}

/**
 * The change groups (spec 002 §9) and the inputs they are in. `changedGroups` gives groups already, and a reviewed
 * field is an input's name, a group of its own: a set counts each once (a field deleted in review also changed its
 * value), without splitting the hundreds of groups an element removed from a long story leaves.
 */
function changesOf(original: EditorSnapshot, values: ContentValues, metas: ContentMetas, aiReview: AiReview) {
  const groups = new Set([...changedGroups(original.values, values), ...changedGroups(original.metas, metas, '_meta'), ...reviewedFields(original.aiReview ?? NO_AI_REVIEW, aiReview)]);
  const changedInputs = new Set<string>();
  for (const group of groups) changedInputs.add(inputOfGroup(group));
  return { changes: [...groups], changedInputs };
}

function errorsOf(inputs: readonly InputDefinition[], values: ContentValues, widgetErrors: EditorState['widgetErrors']): ValidationError[] {
  const errors = validateContent({ inputs }, values);
  for (const [path, messages] of Object.entries(widgetErrors)) {
    // A widget inside a list item reports under its item step: the error goes where the item is now.
    for (const message of messages) errors.push({ path: indexedErrorPath(path), message });
  }
  return errors;
}

/** One store per open asset version: its values, what changed, what is touched and what is wrong. */
export function createEditorStore(init: EditorStoreInit): EditorStore {
  let validationTimer: ReturnType<typeof setTimeout> | undefined;

  return createStore<EditorState>()((set, get) => {
    function scheduleValidation() {
      clearTimeout(validationTimer);
      validationTimer = setTimeout(() => get().validateNow(), VALIDATION_DEBOUNCE_MS);
    }

    function update(values: ContentValues, metas: ContentMetas, aiReview: AiReview = get().aiReview) {
      set({ values, metas, aiReview, ...changesOf(get().original, values, metas, aiReview) });
      scheduleValidation();
    }

    return {
      inputs: init.inputs,
      original: init.original,
      values: init.original.values,
      metas: init.original.metas,
      aiReview: init.original.aiReview ?? NO_AI_REVIEW,
      about: init.original.about,
      externalReference: init.original.about?.externalReference ?? null,
      removedStyleIds: {},
      changes: [],
      changedInputs: new Set(),
      errors: errorsOf(init.inputs, init.original.values, {}),
      widgetErrors: {},
      touched: {},
      showAllErrors: init.showAllErrors,
      isReadonly: init.isReadonly,

      setValue(path, value) {
        if (get().isReadonly) return;
        const values = setIn(get().values, path, value);
        // A write to a removed item changes nothing.
        if (values === get().values) return;
        update(values, get().metas);
      },
      setMeta(inputName, meta) {
        if (get().isReadonly) return;
        update(get().values, setIn(get().metas, [inputName], meta));
      },
      reviewAiField(inputName, decision) {
        if (get().isReadonly) return;
        const values = decision === 'delete' ? setIn(get().values, [inputName], undefined) : get().values;
        update(values, get().metas, reviewField(get().aiReview, { name: inputName, inputs: get().inputs, values }));
      },
      markAiGenerated(inputNames) {
        if (get().isReadonly || inputNames.length === 0) return;
        const { generatedProperties } = get().aiReview;
        update(get().values, get().metas, { needsConfirmation: true, generatedProperties: [...new Set([...generatedProperties, ...inputNames])] });
      },
      clearExternalReference() {
        if (get().isReadonly || get().externalReference === null) return;
        set({ externalReference: null });
      },
      rememberStyleId(inputName, styleId) {
        set({ removedStyleIds: { ...get().removedStyleIds, [inputName]: styleId } });
      },
      touch(errorPath) {
        if (get().touched[errorPath]) return;
        set({ touched: { ...get().touched, [errorPath]: true } });
      },
      setWidgetErrors(errorPath, messages) {
        const current = get().widgetErrors;
        if ((current[errorPath] ?? []).join('\n') === messages.join('\n')) return;
        const next = { ...current };
        if (messages.length === 0) delete next[errorPath];
        else next[errorPath] = messages;
        set({ widgetErrors: next });
        get().validateNow();
      },
      rebase(original, options = {}) {
        const values = options.keepEdits ? get().values : original.values;
        const metas = options.keepEdits ? get().metas : original.metas;
        const latest = original.aiReview ?? NO_AI_REVIEW;
        const before = get().original.aiReview ?? NO_AI_REVIEW;
        const aiReview = options.keepEdits ? keepPendingDecisions({ before, current: get().aiReview, latest }) : latest;
        const about = original.about ?? get().about;
        const wasCleared = get().about?.externalReference != null && get().externalReference === null;
        const externalReference = options.keepEdits && wasCleared ? null : (about?.externalReference ?? null);
        set({ original, values, metas, aiReview, about, externalReference, showAllErrors: true, ...changesOf(original, values, metas, aiReview) });
        get().validateNow();
      },
      load(snapshot) {
        update(snapshot.values, snapshot.metas, snapshot.aiReview ?? get().aiReview);
        get().validateNow();
      },
      discard() {
        const { original } = get();
        set({
          values: original.values,
          metas: original.metas,
          aiReview: original.aiReview ?? NO_AI_REVIEW,
          externalReference: get().about?.externalReference ?? null,
          changes: [],
          changedInputs: new Set(),
          touched: {},
        });
        get().validateNow();
      },
      validateNow() {
        clearTimeout(validationTimer);
        const { inputs, values, widgetErrors } = get();
        set({ errors: errorsOf(inputs, values, widgetErrors) });
      },
    };
  });
}

/** The save body's content (spec 000 §7): every input with its value and, when it has one, its `_meta`. */
export function contentPayload(state: Pick<EditorState, 'inputs' | 'values' | 'metas'>): Record<string, { value: unknown; _meta?: Readonly<Record<string, unknown>> }> {
  return Object.fromEntries(
    state.inputs.map((input) => {
      const meta = state.metas[input.name];
      return [input.name, meta ? { value: state.values[input.name], _meta: meta } : { value: state.values[input.name] }];
    }),
  );
}

/** The save body's `_meta` (spec 000 §7): the AI review decisions and a cleared external reference, when there are any. */
export function metaPayload(state: Pick<EditorState, 'original' | 'aiReview' | 'about' | 'externalReference'>): Record<string, unknown> | undefined {
  const review = aiReviewPayload(state.original.aiReview ?? NO_AI_REVIEW, state.aiReview);
  const clearsReference = state.about?.externalReference != null && state.externalReference === null;
  if (!clearsReference) return review;
  return { ...review, externalReference: null };
}
