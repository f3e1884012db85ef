import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebouncedEmit } from '../field/useDebouncedEmit.ts';

/** Spec 002 §9: text-input related changes reach the store after 500 ms (and at least every 500 ms while typing). */
export const TEXT_INPUT_DEBOUNCE_MS = 500;

/** How a typed draft and a stored value turn into each other; define it once at module level. */
export interface DraftCodec<D, V> {
  toDraft(value: V | undefined): D;
  /** The value to store for a draft: normalised, `undefined` when it holds nothing. */
  fromDraft(draft: D): V | undefined;
  /** Whether two stored values are the same (identity unless a value is a list). */
  isSame?(a: V | undefined, b: V | undefined): boolean;
}

/**
 * The local state of a typed input: keystrokes change the draft at once, the normalised value reaches the store
 * debounced (spec 002 §9), `commit` (on blur) sends it now and shows the normalised form. When the stored value
 * changes from outside (discard, a loaded draft, a rule of another input) the draft follows it. `value` must keep
 * its identity while the stored value does not change (derive a list with useMemo).
 */
export function useTypedDraft<D, V>(options: { value: V | undefined; onChange: (value: V | undefined) => void; codec: DraftCodec<D, V> }) {
  const { value, onChange, codec } = options;
  const [draft, setDraftState] = useState(() => codec.toDraft(value));
  // The value this widget last sent; the store echoing it back is not a change from outside.
  const lastSent = useRef(value);
  const emitter = useDebouncedEmit(onChange, TEXT_INPUT_DEBOUNCE_MS);

  useEffect(() => {
    const isSame = codec.isSame ?? Object.is;
    if (isSame(value, lastSent.current)) return;
    lastSent.current = value;
    emitter.cancel();
    setDraftState(codec.toDraft(value));
  }, [value, codec, emitter]);

  const setDraft = useCallback(
    (next: D) => {
      setDraftState(next);
      const nextValue = codec.fromDraft(next);
      const isSame = codec.isSame ?? Object.is;
      if (isSame(nextValue, lastSent.current)) return;
      lastSent.current = nextValue;
      emitter.push(nextValue);
    },
    [codec, emitter],
  );

  const commit = useCallback(() => {
    emitter.flush();
    setDraftState((current) => codec.toDraft(codec.fromDraft(current)));
  }, [codec, emitter]);

  return { draft, setDraft, commit };
}
