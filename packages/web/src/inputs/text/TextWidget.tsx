import { useLayoutEffect, useMemo, useRef, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Text, TextInput } from '@mantine/core';
import { fieldError } from '../field/FieldFrame.tsx';
import type { WidgetProps } from '../field/widgetProps.ts';
import { characterCounter, hasLineBreak, normalizeText, placeholderOf, textCodec, toSingleLine } from './textValue.ts';
import { useTypedDraft } from './useTypedDraft.ts';

function blockEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Enter') event.preventDefault();
}

/** Puts the character counter right under the input, above any message. */
function withCounter(counter: { text: string; isOver: boolean }) {
  return (children: ReactNode) => (
    <>
      {children}
      <Text size="xs" mt={4} ta="right" c={counter.isOver ? 'red' : 'dimmed'}>
        {counter.text}
      </Text>
    </>
  );
}

/**
 * A single-line text (spec 002 §5 Text): line breaks become spaces, Enter does nothing, the stored value is trimmed
 * and empty becomes undefined. Typing stays local and reaches the store debounced; leaving the field sends it at
 * once and shows the trimmed text. The 'url' style is the same text with a URL keyboard; the 'anchor' style is
 * chosen by selection instead (`AnchorTargetWidget`).
 */
export function TextWidget({ input, value, onChange, onBlur, disabled, errors }: WidgetProps) {
  const { draft, setDraft, commit } = useTypedDraft({ value: typeof value === 'string' ? value : undefined, onChange, codec: textCodec });
  const inputRef = useRef<HTMLInputElement>(null);
  const caretAfterPaste = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    const caret = caretAfterPaste.current;
    if (caret === undefined) return;
    caretAfterPaste.current = undefined;
    inputRef.current?.setSelectionRange(caret, caret);
  });

  const maxLength = input.constraints?.maxLength;
  const counter = useMemo(() => (maxLength === undefined ? undefined : characterCounter(normalizeText(draft)?.length ?? 0, maxLength)), [draft, maxLength]);

  // Kept while only the path changes (an item moved in its list): the UI kit's input passes the move by.
  return useMemo(() => {
    // A browser drops the line breaks of pasted text; the spec wants a space in their place.
    function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
      const pasted = event.clipboardData.getData('text/plain');
      if (!hasLineBreak(pasted)) return;
      event.preventDefault();
      const field = event.currentTarget;
      const start = field.selectionStart ?? draft.length;
      const end = field.selectionEnd ?? start;
      const inserted = toSingleLine(pasted);
      caretAfterPaste.current = start + inserted.length;
      setDraft(draft.slice(0, start) + inserted + draft.slice(end));
    }

    function handleBlur() {
      commit();
      onBlur();
    }

    const isUrl = input.view.style === 'url';
    return (
      <TextInput
        ref={inputRef}
        label={input.view.label}
        description={input.view.hint}
        placeholder={placeholderOf(input)}
        aria-required={input.constraints?.required === true || undefined}
        error={fieldError(errors)}
        disabled={disabled}
        value={draft}
        onChange={(event) => setDraft(toSingleLine(event.currentTarget.value))}
        onKeyDown={blockEnter}
        onPaste={handlePaste}
        onBlur={handleBlur}
        inputMode={isUrl ? 'url' : undefined}
        autoComplete={isUrl ? 'url' : 'off'}
        spellCheck={isUrl ? false : undefined}
        inputContainer={counter ? withCounter(counter) : undefined}
      />
    );
  }, [input, errors, disabled, draft, setDraft, commit, onBlur, counter]);
}
