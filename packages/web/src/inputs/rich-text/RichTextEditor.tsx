import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconBold, IconH2, IconH3, IconItalic, IconLink, IconList, IconListNumbers } from '@tabler/icons-react';
import { EditorContent, getHTMLFromFragment, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { AssetListItem, RichTextRules } from '@editor/domain';
import { useDebouncedEmit } from '../field/useDebouncedEmit.ts';
import { editorExtensionsOf, setMissingLinkedAssets } from './editorExtensions.ts';
import { internalLinkHref } from './internalLinks.ts';
import { LinkForm } from './LinkForm.tsx';
import { InternalLinkBrowser } from './InternalLinkBrowser.tsx';
import { transformPastedHtml, transformPastedText } from './pasteRules.ts';
import { richTextValueOf, sanitizeRichText } from './richTextHtml.ts';
import classes from './RichText.module.css';

/** Spec 002 §9: rich-text changes reach the store after 300 ms (and at least every 300 ms while typing). */
export const RICH_TEXT_DEBOUNCE_MS = 300;

/** Where the caret goes when the editor starts because the user came to the text: the click point, or the end. */
export type FocusIntent = { x: number; y: number } | 'end';

/** The accessible name and state of the text box, the same on the static view and the editor. */
export interface TextboxAttributes {
  'aria-labelledby': string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: 'true' | undefined;
  'aria-required'?: 'true' | undefined;
}

export interface RichTextEditorProps {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  onBlur: () => void;
  disabled: boolean;
  options: RichTextRules;
  missingAssetIds: ReadonlySet<string>;
  focusIntent: FocusIntent | undefined;
  textbox: TextboxAttributes;
}

interface LinkEdit {
  from: number;
  to: number;
  href: string | undefined;
}

function definedAttributes(attributes: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function ToolbarButton({ label, isActive, onClick, children }: { label: string; isActive: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <ActionIcon
      variant={isActive ? 'filled' : 'subtle'}
      color={isActive ? undefined : 'gray'}
      size="md"
      aria-label={label}
      aria-pressed={isActive}
      // Keeps the selection and the focus in the text while formatting it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </ActionIcon>
  );
}

/** The bubble toolbar (spec 002 §4: shows on text selection): bold, italic, headings and lists as allowed, link. */
function FormattingToolbar({ editor, options, onLink }: { editor: Editor; options: RichTextRules; onLink: () => void }) {
  const hasLists = !options.isSingleParagraph;
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading2: options.headingLevels.includes(2) && current.isActive('heading', { level: 2 }),
      heading3: options.headingLevels.includes(3) && current.isActive('heading', { level: 3 }),
      bulletList: hasLists && current.isActive('bulletList'),
      orderedList: hasLists && current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const run = () => editor.chain().focus();
  return (
    <div role="toolbar" aria-label="Formatting" style={{ display: 'contents' }}>
      <ToolbarButton label="Bold" isActive={active.bold} onClick={() => run().toggleBold().run()}>
        <IconBold size={16} />
      </ToolbarButton>
      <ToolbarButton label="Italic" isActive={active.italic} onClick={() => run().toggleItalic().run()}>
        <IconItalic size={16} />
      </ToolbarButton>
      {options.headingLevels.includes(2) && (
        <ToolbarButton label="Heading 2" isActive={active.heading2} onClick={() => run().toggleHeading({ level: 2 }).run()}>
          <IconH2 size={16} />
        </ToolbarButton>
      )}
      {options.headingLevels.includes(3) && (
        <ToolbarButton label="Heading 3" isActive={active.heading3} onClick={() => run().toggleHeading({ level: 3 }).run()}>
          <IconH3 size={16} />
        </ToolbarButton>
      )}
      {hasLists && (
        <>
          <ToolbarButton label="Bullet list" isActive={active.bulletList} onClick={() => run().toggleBulletList().run()}>
            <IconList size={16} />
          </ToolbarButton>
          <ToolbarButton label="Numbered list" isActive={active.orderedList} onClick={() => run().toggleOrderedList().run()}>
            <IconListNumbers size={16} />
          </ToolbarButton>
        </>
      )}
      <ToolbarButton label="Link" isActive={active.link} onClick={onLink}>
        <IconLink size={16} />
      </ToolbarButton>
    </div>
  );
}

/**
 * The Tiptap editor of a rich-text input, started by `RichTextInput` once it is needed. Keystrokes stay in the
 * editor: its document goes to the store debounced (spec 002 §9) and at once on blur or unmount; nothing in React
 * renders per keystroke. A value that changes from outside (discard, a loaded draft) replaces the content without
 * being sent back.
 */
export function RichTextEditor({ value, onChange, onBlur, disabled, options, missingAssetIds, focusIntent, textbox }: RichTextEditorProps) {
  // The value the content stands for: what the editor last sent, or what it was last given.
  const shownValue = useRef(value);
  const emitter = useDebouncedEmit<ProseMirrorNode>((doc) => {
    const next = richTextValueOf(getHTMLFromFragment(doc.content, doc.type.schema), options);
    if (next === shownValue.current) return;
    shownValue.current = next;
    onChange(next);
  }, RICH_TEXT_DEBOUNCE_MS);

  const extensions = useMemo(() => editorExtensionsOf(options), [options]);
  const editorProps = useMemo(
    () => ({
      attributes: definedAttributes({ ...textbox, role: 'textbox', 'aria-multiline': 'true', 'aria-readonly': disabled ? 'true' : undefined, class: classes.text }),
      transformPastedHTML: (html: string) => transformPastedHtml(html, options),
      transformPastedText: (text: string) => transformPastedText(text, options),
    }),
    [options, textbox, disabled],
  );
  const [initialContent] = useState(() => sanitizeRichText(value ?? '', options));
  const editor = useEditor({
    extensions,
    editorProps,
    content: initialContent,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => emitter.push(current.state.doc),
    onBlur: () => {
      emitter.flush();
      onBlur();
    },
  });

  useEffect(() => {
    if (value === shownValue.current) return;
    shownValue.current = value;
    emitter.cancel();
    editor.chain().setMeta('addToHistory', false).setContent(sanitizeRichText(value ?? '', options), { emitUpdate: false }).run();
  }, [value, editor, emitter, options]);

  useEffect(() => {
    if (editor.isEditable !== !disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => setMissingLinkedAssets(editor, missingAssetIds), [editor, missingAssetIds]);

  // Only the intent the editor started with: later renders do not move the caret.
  const initialFocus = useRef(focusIntent);
  useEffect(() => {
    const intent = initialFocus.current;
    if (intent === undefined || editor.isDestroyed) return;
    let position: number | 'end' = 'end';
    if (intent !== 'end') {
      try {
        position = editor.view.posAtCoords({ left: intent.x, top: intent.y })?.pos ?? 'end';
      } catch {
        // No layout to ask (a test DOM): the caret goes to the end.
      }
    }
    editor.commands.focus(position);
  }, [editor]);

  const [linkEdit, setLinkEdit] = useState<LinkEdit | undefined>(undefined);
  const [isBrowsing, setIsBrowsing] = useState(false);

  function openLinkForm() {
    const { from, to } = editor.state.selection;
    const href: unknown = editor.getAttributes('link').href;
    setLinkEdit({ from, to, href: typeof href === 'string' ? href : undefined });
  }

  /** The chain with the selection the link form was opened for, widened to the whole link under it. */
  function linkRange(edit: LinkEdit) {
    const size = editor.state.doc.content.size;
    return editor
      .chain()
      .focus()
      .setTextSelection({ from: Math.min(edit.from, size), to: Math.min(edit.to, size) })
      .extendMarkRange('link');
  }

  function applyLink(href: string) {
    if (linkEdit) linkRange(linkEdit).setLink({ href }).run();
    setLinkEdit(undefined);
  }

  function removeLink() {
    if (linkEdit) linkRange(linkEdit).unsetLink().run();
    setLinkEdit(undefined);
  }

  function handleAssetsPicked(items: AssetListItem[]) {
    setIsBrowsing(false);
    const [asset] = items;
    if (asset) applyLink(internalLinkHref(asset.id));
  }

  return (
    <>
      <div className={classes.surface} data-disabled={disabled || undefined} data-error={textbox['aria-invalid']}>
        <EditorContent editor={editor} />
        {!disabled && (
          <BubbleMenu editor={editor} className={classes.toolbar}>
            <FormattingToolbar editor={editor} options={options} onLink={openLinkForm} />
          </BubbleMenu>
        )}
      </div>
      {linkEdit && !disabled && (
        <LinkForm
          href={linkEdit.href}
          onConfirmExternal={applyLink}
          onChooseAsset={() => setIsBrowsing(true)}
          onRemove={removeLink}
          onCancel={() => {
            setLinkEdit(undefined);
            editor.commands.focus();
          }}
        />
      )}
      {isBrowsing && <InternalLinkBrowser onClose={() => setIsBrowsing(false)} onAdd={handleAssetsPicked} />}
    </>
  );
}
