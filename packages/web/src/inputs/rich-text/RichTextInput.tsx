import { Suspense, lazy, useCallback, useEffect, useMemo, useState, type MouseEvent, type PointerEvent } from 'react';
import { markInvalidLinks } from './internalLinks.ts';
import { whenNearViewport } from '../nearViewport.ts';
import type { FocusIntent, RichTextEditorProps } from './RichTextEditor.tsx';
import { sanitizeRichText } from './richTextHtml.ts';
import classes from './RichText.module.css';

type EditorCode = typeof import('./RichTextEditor.tsx');
let editorCode: Promise<EditorCode> | undefined;
let loadedEditorCode: EditorCode | undefined;

/**
 * Tiptap and ProseMirror (about 110 KiB compressed) load once the page shows a text that can be edited, not with
 * the page: they arrive while the story renders, so the first click into a text does not wait for them.
 */
function loadEditorCode(): Promise<EditorCode> {
  editorCode ??= import('./RichTextEditor.tsx').then((code) => (loadedEditorCode = code));
  return editorCode;
}

const LazyRichTextEditor = lazy(async () => ({ default: (await loadEditorCode()).RichTextEditor }));

export type RichTextInputProps = Omit<RichTextEditorProps, 'focusIntent'>;

interface StaticRichTextProps extends Pick<RichTextInputProps, 'value' | 'disabled' | 'options' | 'missingAssetIds' | 'textbox'> {
  onStart: (intent: FocusIntent | undefined) => void;
}

/** A link in the static view is text to edit, not a way out of the editor. */
function preventLinkNavigation(event: MouseEvent<HTMLElement>) {
  if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
}

/**
 * The text as it will look in the editor, without one: sanitised HTML in the editor's frame. It asks for the
 * editor when it comes near the viewport, or at once when the user points at it or tabs into it.
 */
function StaticRichText({ value, disabled, options, missingAssetIds, textbox, onStart }: StaticRichTextProps) {
  const html = useMemo(() => markInvalidLinks(sanitizeRichText(value ?? '', options), missingAssetIds), [value, options, missingAssetIds]);
  const observe = useCallback(
    (element: HTMLElement | null) => (element && !disabled ? whenNearViewport(element, () => onStart(undefined)) : undefined),
    [disabled, onStart],
  );
  useEffect(() => {
    if (!disabled) void loadEditorCode();
  }, [disabled]);

  function handlePointerDown(event: PointerEvent<HTMLElement>) {
    if (disabled || event.button !== 0) return;
    onStart({ x: event.clientX, y: event.clientY });
  }

  return (
    <div ref={observe} className={classes.surface} data-disabled={disabled || undefined} data-error={textbox['aria-invalid']}>
      <div
        {...textbox}
        className={classes.text}
        role="textbox"
        aria-multiline="true"
        aria-readonly={disabled || undefined}
        tabIndex={disabled ? undefined : 0}
        onPointerDown={handlePointerDown}
        onFocus={() => {
          if (!disabled) onStart('end');
        }}
        onClick={preventLinkNavigation}
        // Sanitised to the editor's own tags and attributes (sanitizeRichText).
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}

/**
 * The pure half of a rich-text input (spec 002 §4): value in, change out. A story holds hundreds of these, so a
 * text starts as a static view and becomes a Tiptap editor only when it is about to be seen or used; once
 * started, the editor stays. A disabled text never needs one, and a page without texts never loads the editor's code.
 */
export function RichTextInput(props: RichTextInputProps) {
  // The editor component is chosen once, when the text starts: switching later would start the editor anew.
  const [start, setStart] = useState<{ intent: FocusIntent | undefined; Editor: EditorCode['RichTextEditor'] | undefined } | undefined>(undefined);
  const handleStart = useCallback(
    (intent: FocusIntent | undefined) => setStart((current) => current ?? { intent, Editor: loadedEditorCode?.RichTextEditor }),
    [],
  );
  const staticText = (
    <StaticRichText
      value={props.value}
      disabled={props.disabled}
      options={props.options}
      missingAssetIds={props.missingAssetIds}
      textbox={props.textbox}
      onStart={handleStart}
    />
  );
  if (!start) return staticText;
  // Once the code is here the editor renders directly: a lazy component suspends at its first render even then,
  // and React holds back content that replaces a fallback for 300 ms, which a click into the text would wait for.
  if (start.Editor) return <start.Editor {...props} focusIntent={start.intent} />;
  // The static view stays until the editor's code has arrived, so nothing moves while it loads.
  return (
    <Suspense fallback={staticText}>
      <LazyRichTextEditor {...props} focusIntent={start.intent} />
    </Suspense>
  );
}
