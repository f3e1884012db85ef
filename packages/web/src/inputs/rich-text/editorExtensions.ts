import { Extension, type AnyExtension, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Link } from '@tiptap/extension-link';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { RichTextRules } from '@editor/domain';
import { INVALID_LINK_CLASS, internalAssetIdOf } from './internalLinks.ts';
import { isAllowedHref } from './richTextHtml.ts';

const invalidLinksKey = new PluginKey<InvalidLinksState>('invalidLinks');

interface InvalidLinksState {
  missingIds: ReadonlySet<string>;
  decorations: DecorationSet;
}

function decorate(doc: ProseMirrorNode, missingIds: ReadonlySet<string>): DecorationSet {
  if (missingIds.size === 0) return DecorationSet.empty;
  const decorations: Decoration[] = [];
  doc.descendants((node, position) => {
    if (!node.isText) return;
    const link = node.marks.find((mark) => mark.type.name === 'link');
    const id = typeof link?.attrs.href === 'string' ? internalAssetIdOf(link.attrs.href) : undefined;
    if (id === undefined || !missingIds.has(id)) return;
    decorations.push(Decoration.inline(position, position + node.nodeSize, { class: INVALID_LINK_CLASS, 'data-invalid-link': '' }));
  });
  return DecorationSet.create(doc, decorations);
}

/**
 * Spec 002 §4: internal links whose asset answers 404 are marked invalid-link. A mark on screen only: the stored
 * HTML does not change, and the widget reports the error to the store.
 */
const InvalidLinks = Extension.create({
  name: 'invalidLinks',
  addProseMirrorPlugins() {
    return [
      new Plugin<InvalidLinksState>({
        key: invalidLinksKey,
        state: {
          init: () => ({ missingIds: new Set(), decorations: DecorationSet.empty }),
          apply(transaction, previous, _oldState, state) {
            const missingIds = (transaction.getMeta(invalidLinksKey) as ReadonlySet<string> | undefined) ?? previous.missingIds;
            if (missingIds === previous.missingIds && !transaction.docChanged) return previous;
            return { missingIds, decorations: decorate(state.doc, missingIds) };
          },
        },
        props: {
          decorations: (state) => invalidLinksKey.getState(state)?.decorations,
        },
      }),
    ];
  },
});

/** Tells the editor which linked assets are missing; not an edit, so it neither emits nor enters the history. */
export function setMissingLinkedAssets(editor: Editor, missingIds: ReadonlySet<string>) {
  if (editor.isDestroyed) return;
  editor.view.dispatch(editor.state.tr.setMeta(invalidLinksKey, missingIds).setMeta('addToHistory', false));
}

const keepOneParagraph = () => true;

/** Division disabled: Enter (with or without a modifier) does not split the one paragraph. */
const SingleParagraph = Extension.create({
  name: 'singleParagraph',
  priority: 1000,
  addKeyboardShortcuts() {
    return { Enter: keepOneParagraph, 'Shift-Enter': keepOneParagraph, 'Mod-Enter': keepOneParagraph };
  },
});

/**
 * What the editor can hold: paragraphs, bold, italic, lists and headings as the input allows, and links to http(s)
 * or to our assets, as the sanitiser keeps them. Typing or pasting a URL makes no link by itself: a new link goes
 * through the link form and its link check. Line breaks are left out: spec 002 §5 removes br from pasted text.
 */
export function editorExtensionsOf(options: RichTextRules): AnyExtension[] {
  const hasLists = !options.isSingleParagraph;
  const extensions: AnyExtension[] = [
    StarterKit.configure({
      link: false,
      blockquote: false,
      code: false,
      codeBlock: false,
      hardBreak: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      trailingNode: false,
      heading: options.headingLevels.length > 0 ? { levels: [...options.headingLevels] } : false,
      bulletList: hasLists ? {} : false,
      orderedList: hasLists ? {} : false,
      listItem: hasLists ? {} : false,
      listKeymap: hasLists ? {} : false,
    }),
    Link.configure({
      openOnClick: false,
      autolink: false,
      linkOnPaste: false,
      isAllowedUri: isAllowedHref,
    }),
    InvalidLinks,
  ];
  if (options.isSingleParagraph) extensions.push(SingleParagraph);
  return extensions;
}
