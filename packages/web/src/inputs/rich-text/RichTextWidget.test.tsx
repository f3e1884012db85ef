import { Profiler, Suspense, type ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGES, type InputDefinition } from '@editor/domain';
import { ApiClientProvider } from '../../api/ApiClientProvider.tsx';
import { createQueryClient } from '../../api/createQueryClient.ts';
import { RequireAuth } from '../../app/auth/RequireAuth.tsx';
import { createEditorStore, type ContentValues } from '../../editor-state/editorStore.ts';
import { EditorStoreProvider } from '../../editor-state/EditorStoreContext.tsx';
import type { ValuePath } from '../../editor-state/valuePath.ts';
import { buildListItem, buildListResponse } from '../../test/assetFixtures.ts';
import { installFakeApi } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { scrollIntoViewForTest } from '../../test/intersectionObserver.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { renderField } from '../../test/renderField.tsx';
import { renderUi } from '../../test/renderUi.tsx';
import { Field, TopLevelField } from '../field/Field.tsx';
import { MISSING_LINKED_ASSET_MESSAGE } from './internalLinks.ts';
import { stubLayoutForEditor } from './layoutStubs.ts';

beforeAll(stubLayoutForEditor);
// Editor tests click through forms and wait out the debounce, on machines of two shared cores.
vi.setConfig({ testTimeout: 20_000 });

const teaser: InputDefinition = { name: 'teaser', type: 'rich-text', constraints: { required: true }, view: { label: 'Teaser', hint: 'Two sentences' } };
const EXTERNAL = 'target="_blank" rel="noopener noreferrer nofollow"';
/** Longer than the 300 ms debounce (spec 002 §9). */
const AFTER_DEBOUNCE_MS = 450;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function textbox(name = 'Teaser') {
  return screen.getByRole('textbox', { name });
}

function editorOf(element: HTMLElement): Editor {
  return (element as HTMLElement & { editor: Editor }).editor;
}

/** Scrolls the static view near the viewport and waits for the editor to take its place. */
async function startEditor(name = 'Teaser'): Promise<Editor> {
  scrollIntoViewForTest(textbox(name).parentElement as HTMLElement);
  return waitFor(() => {
    const element = textbox(name);
    expect(element).toHaveAttribute('contenteditable', 'true');
    return editorOf(element);
  });
}

/**
 * Focuses the editor with the caret at the end. Tiptap's focus command moves the DOM focus only in the next
 * animation frame; a user's click moves it at once, so the test does too.
 */
function focusEnd(editor: Editor) {
  act(() => {
    editor.commands.focus('end');
    editor.view.dom.focus();
  });
}

/** Leaves the text, as tabbing or clicking elsewhere does. */
function leave(editor: Editor) {
  act(() => {
    editor.view.dom.focus();
    editor.view.dom.blur();
  });
}

/** Selects the text between two positions with the editor focused, as a user dragging over it does. */
async function select(editor: Editor, range: { from: number; to: number }) {
  act(() => {
    editor.view.dom.focus();
    editor.commands.setTextSelection(range);
  });
  return screen.findByRole('toolbar', { name: 'Formatting' });
}

/** Pastes as the browser does; jsdom has no ClipboardEvent, and the editor reads nothing else from the event. */
const pasteEvent = () => new Event('paste') as ClipboardEvent;

function withApi(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <ApiClientProvider getCredentials={async () => ({ idToken: 'token', roleOverride: null })}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
}

/** Renders the input at a path below the top level (a story-content element, a list row), connected to a store. */
function renderAt(input: InputDefinition, options: { values: ContentValues; path: ValuePath; errorPath: string }) {
  const store = createEditorStore({ inputs: [], original: { values: options.values, metas: {} }, showAllErrors: false, isReadonly: false });
  const view = renderUi(
    <EditorStoreProvider store={store}>
      <Field input={input} path={options.path} errorPath={options.errorPath} />
    </EditorStoreProvider>,
  );
  return { ...view, store };
}

describe('the rich-text widget (spec 002 §4, §5)', () => {
  it('shows the value as a static, labelled text box with the required mark and the hint, without an editor', () => {
    renderField(teaser, { teaser: '<p>Hello <strong>world</strong></p>' });
    const box = textbox();
    expect(box).not.toHaveAttribute('contenteditable');
    expect(box).toHaveAttribute('aria-required', 'true');
    expect(box).toHaveAccessibleDescription('Two sentences');
    expect(box.innerHTML).toBe('<p>Hello <strong>world</strong></p>');
    expect(screen.getByText('Teaser').closest('label')).toHaveTextContent('*');
  });

  it('sanitises what the static view shows', () => {
    renderField(teaser, { teaser: '<p onclick="x()">a<script>alert(1)</script><img src="x"></p>' });
    expect(textbox().innerHTML).toBe('<p>a</p>');
  });

  it('starts the editor once the text comes near the viewport, and keeps it', async () => {
    renderField(teaser, { teaser: '<p>Hello</p>' });
    const editor = await startEditor();
    expect(editor.getHTML()).toBe('<p>Hello</p>');
    expect(textbox()).toHaveAttribute('aria-required', 'true');
    leave(editor);
    expect(textbox()).toHaveAttribute('contenteditable', 'true');
  });

  it('starts the editor at once, focused, when the user clicks the text or tabs into it', async () => {
    const { user } = renderField(teaser, { teaser: '<p>Hello</p>' });
    await user.click(textbox());
    await waitFor(() => expect(textbox()).toHaveAttribute('contenteditable', 'true'));
    await waitFor(() => expect(textbox()).toHaveFocus());

    const other = renderField({ ...teaser, name: 'intro', view: { label: 'Intro' } }, { intro: '<p>Hi</p>' });
    await other.user.tab();
    await waitFor(() => expect(textbox('Intro')).toHaveAttribute('contenteditable', 'true'));
    await waitFor(() => expect(textbox('Intro')).toHaveFocus());
  });

  it('sends typing to the store once, 300 ms after the last key, without re-rendering per key', async () => {
    let commits = 0;
    const { user, store, valueOf } = renderField(
      teaser,
      { teaser: '<p>Hello</p>' },
      {
        wrapper: (children) => (
          <Profiler id="field" onRender={() => (commits += 1)}>
            {children}
          </Profiler>
        ),
      },
    );
    const editor = await startEditor();
    focusEnd(editor);
    // Let the start of the editor settle (its mount effects, the deferred focus) before counting.
    await sleep(100);
    let changes = 0;
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.values !== previous.values) changes += 1;
    });
    commits = 0;
    await user.keyboard(' world');
    expect(commits).toBe(0);
    expect(valueOf()).toBe('<p>Hello</p>');
    await waitFor(() => expect(valueOf()).toBe('<p>Hello world</p>'));
    await sleep(AFTER_DEBOUNCE_MS);
    expect(changes).toBe(1);
    unsubscribe();
  });

  it('sends the text at once on blur and touches the field', async () => {
    const { user, store, valueOf } = renderField(teaser, { teaser: '<p>Hello</p>' });
    const editor = await startEditor();
    focusEnd(editor);
    await user.keyboard('!');
    leave(editor);
    expect(valueOf()).toBe('<p>Hello!</p>');
    expect(store.getState().touched).toEqual({ teaser: true });
  });

  it('stores undefined for an empty text', async () => {
    const { valueOf } = renderField(teaser, { teaser: '<p>Hello</p>' });
    const editor = await startEditor();
    focusEnd(editor);
    act(() => {
      editor.chain().selectAll().deleteSelection().run();
    });
    leave(editor);
    expect(valueOf()).toBeUndefined();
  });

  it('shows a value changed from outside (discard, a loaded draft) without sending it back', async () => {
    const { user, store, valueOf } = renderField(teaser, { teaser: '<p>Saved</p>' });
    const editor = await startEditor();
    focusEnd(editor);
    await user.keyboard(' text');
    await waitFor(() => expect(valueOf()).toBe('<p>Saved text</p>'));

    act(() => store.getState().discard());
    expect(editor.getHTML()).toBe('<p>Saved</p>');
    act(() => store.getState().load({ values: { teaser: '<p>From the <em>draft</em></p>' }, metas: {} }));
    expect(editor.getHTML()).toBe('<p>From the <em>draft</em></p>');
    await sleep(AFTER_DEBOUNCE_MS);
    expect(valueOf()).toBe('<p>From the <em>draft</em></p>');

    // A discard while keys still wait for the debounce drops them.
    await user.keyboard('!');
    act(() => store.getState().discard());
    await sleep(AFTER_DEBOUNCE_MS);
    expect(valueOf()).toBe('<p>Saved</p>');
    expect(store.getState().changes).toEqual([]);
    expect(editor.getHTML()).toBe('<p>Saved</p>');
  });

  it('is read-only when disabled: no editor, no toolbar', async () => {
    const { user } = renderField(teaser, { teaser: '<p>Hello</p>' }, { isReadonly: true });
    const box = textbox();
    expect(box).toHaveAttribute('aria-readonly', 'true');
    expect(box).not.toHaveAttribute('tabindex');
    await user.click(box);
    scrollIntoViewForTest(box.parentElement as HTMLElement);
    await sleep(50);
    expect(textbox()).not.toHaveAttribute('contenteditable');
  });

  it('stops editing when it becomes disabled after the editor started', async () => {
    const { store } = renderField(teaser, { teaser: '<p>Hello</p>' });
    const editor = await startEditor();
    act(() => store.setState({ isReadonly: true }));
    expect(textbox()).toHaveAttribute('contenteditable', 'false');
    expect(textbox()).toHaveAttribute('aria-readonly', 'true');
    act(() => {
      editor.view.dom.focus();
      editor.commands.setTextSelection({ from: 1, to: 6 });
    });
    await sleep(400);
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).not.toBeInTheDocument();
  });
});

describe('the formatting toolbar (spec 002 §4: shows on text selection)', () => {
  it('appears on a selection and formats it', async () => {
    const { user, valueOf } = renderField(teaser, { teaser: '<p>Hello world</p>' });
    const editor = await startEditor();
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).not.toBeInTheDocument();
    const toolbar = await select(editor, { from: 1, to: 6 });
    expect(within(toolbar).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Bold', 'Italic', 'Bullet list', 'Numbered list', 'Link']);

    await user.click(within(toolbar).getByRole('button', { name: 'Bold' }));
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(toolbar).getByRole('button', { name: 'Italic' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Bullet list' }));
    leave(editor);
    expect(valueOf()).toBe('<ul><li><p><strong><em>Hello</em></strong> world</p></li></ul>');
  });

  it('offers H2 and H3 in the text element of story content', async () => {
    const text: InputDefinition = { name: 'text', type: 'rich-text', view: { label: 'Text' } };
    const { user, store } = renderAt(text, { values: { 'story-content': [{ type: 'text', value: '<p>Title</p>' }] }, path: ['story-content', 0, 'value'], errorPath: 'story-content.0.text' });
    const editor = await startEditor('Text');
    const toolbar = await select(editor, { from: 1, to: 6 });
    expect(within(toolbar).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Bold', 'Italic', 'Heading 2', 'Heading 3', 'Bullet list', 'Numbered list', 'Link']);
    await user.click(within(toolbar).getByRole('button', { name: 'Heading 2' }));
    leave(editor);
    expect(store.getState().values).toEqual({ 'story-content': [{ type: 'text', value: '<h2>Title</h2>' }] });
  });

  it('in a list row (one paragraph) offers no lists and Enter does not split', async () => {
    const row: InputDefinition = { name: 'list', type: 'rich-text', view: { label: 'List' } };
    const { user, store } = renderAt(row, { values: { list: ['<p>First</p>'] }, path: ['list', 0], errorPath: 'list.0' });
    const editor = await startEditor('List');
    const toolbar = await select(editor, { from: 1, to: 6 });
    expect(within(toolbar).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Bold', 'Italic', 'Link']);
    focusEnd(editor);
    await user.keyboard('{Enter}second');
    leave(editor);
    expect(store.getState().values).toEqual({ list: ['<p>Firstsecond</p>'] });
  });
});

describe('pasting (spec 002 §5 rich text paste)', () => {
  it('makes a paragraph of each pasted line, turns b into strong and drops div and br', async () => {
    const { valueOf } = renderField(teaser, {});
    const editor = await startEditor();
    focusEnd(editor);
    act(() => {
      editor.view.pasteText('one\ntwo\n\nthree', pasteEvent());
    });
    leave(editor);
    expect(valueOf()).toBe('<p>one</p><p>two</p><p>three</p>');

    act(() => {
      editor.view.dom.focus();
      editor.commands.selectAll();
      editor.view.pasteHTML('<div>four<br><b>five</b></div><div>six</div>', pasteEvent());
    });
    leave(editor);
    expect(valueOf()).toBe('<p>four</p><p><strong>five</strong></p><p>six</p>');
  });

  it('keeps everything pasted in one paragraph in a list row', async () => {
    const row: InputDefinition = { name: 'list', type: 'rich-text', view: { label: 'List' } };
    const { store } = renderAt(row, { values: {}, path: ['list', 0], errorPath: 'list.0' });
    const editor = await startEditor('List');
    focusEnd(editor);
    act(() => {
      editor.view.pasteText('one\ntwo', pasteEvent());
    });
    leave(editor);
    expect(store.getState().values).toEqual({ list: ['<p>one two</p>'] });

    act(() => {
      editor.view.dom.focus();
      editor.commands.selectAll();
      editor.view.pasteHTML('<p>three</p><ul><li><b>four</b></li></ul><div>five<br>six</div>', pasteEvent());
    });
    leave(editor);
    expect(store.getState().values).toEqual({ list: ['<p>three <strong>four</strong> five six</p>'] });
  });
});

describe('external links (spec 002 §5 Links, spec 000 §5 link check)', () => {
  it('checks the URL on Confirm, shows the message under it until the user types, and links a valid URL', async () => {
    const { user, valueOf } = renderField(teaser, { teaser: '<p>Hello world</p>' });
    const editor = await startEditor();
    const toolbar = await select(editor, { from: 7, to: 12 });
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const form = screen.getByRole('group', { name: 'Link' });
    const url = within(form).getByRole('textbox', { name: 'URL' });
    expect(url).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(within(form).getByText(VALIDATION_MESSAGES.urlEmpty)).toBeVisible();
    await user.type(url, 'example.com');
    expect(within(form).queryByText(VALIDATION_MESSAGES.urlEmpty)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(within(form).getByText(VALIDATION_MESSAGES.urlScheme)).toBeVisible();
    expect(url).toHaveAccessibleDescription(VALIDATION_MESSAGES.urlScheme);
    await user.clear(url);
    expect(within(form).queryByText(VALIDATION_MESSAGES.urlScheme)).not.toBeInTheDocument();
    await user.type(url, 'http://192.168.0.1{Enter}');
    expect(within(form).getByText(VALIDATION_MESSAGES.urlInvalid)).toBeVisible();
    expect(valueOf()).toBe('<p>Hello world</p>');

    await user.clear(url);
    await user.type(url, 'https://example.com/page');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('group', { name: 'Link' })).not.toBeInTheDocument();
    leave(editor);
    expect(valueOf()).toBe(`<p>Hello <a href="https://example.com/page" ${EXTERNAL}>world</a></p>`);
  });

  it('changes and removes an existing link', async () => {
    const { user, valueOf } = renderField(teaser, { teaser: `<p>Hello <a href="https://old.example.com">world</a></p>` });
    const editor = await startEditor();
    let toolbar = await select(editor, { from: 8, to: 9 });
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const url = within(screen.getByRole('group', { name: 'Link' })).getByRole('textbox', { name: 'URL' });
    expect(url).toHaveValue('https://old.example.com');
    await user.clear(url);
    await user.type(url, 'https://new.example.com{Enter}');
    leave(editor);
    expect(valueOf()).toBe(`<p>Hello <a href="https://new.example.com" ${EXTERNAL}>world</a></p>`);

    toolbar = await select(editor, { from: 8, to: 9 });
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    leave(editor);
    expect(valueOf()).toBe('<p>Hello world</p>');
  });
});

describe('internal links (spec 002 §4, §7)', () => {
  const linked = '<p><a href="/api/v1/assets/gone">Gone</a> and <a href="/api/v1/assets/here">here</a></p>';

  it('marks a link to an asset that answers 404 invalid and reports an error until the link is removed', async () => {
    const api = installFakeApi({ 'GET /api/v1/assets/gone': { status: 404, body: { status: 404, messages: ['Not found'] } }, 'GET /api/v1/assets/here': { status: 200, body: {} } });
    const { user, store, unmount } = renderField(teaser, { teaser: linked }, { wrapper: withApi, showAllErrors: true });

    expect(await screen.findByText(MISSING_LINKED_ASSET_MESSAGE)).toBeVisible();
    expect(store.getState().errors).toContainEqual({ path: 'teaser', message: MISSING_LINKED_ASSET_MESSAGE });
    await waitFor(() => expect(within(textbox()).getByRole('link', { name: 'Gone' })).toHaveClass('invalid-link'));
    expect(within(textbox()).getByRole('link', { name: 'here' })).not.toHaveClass('invalid-link');

    const editor = await startEditor();
    await waitFor(() => expect(textbox().querySelector('[data-invalid-link]')).toHaveTextContent('Gone'));
    expect(textbox().querySelectorAll('[data-invalid-link]')).toHaveLength(1);
    expect(api.requests.filter((request) => request.path === '/api/v1/assets/gone')).toHaveLength(1);

    const toolbar = await select(editor, { from: 2, to: 3 });
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    expect(within(screen.getByRole('group', { name: 'Link' })).getByText('Linked asset gone')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    leave(editor);
    await waitFor(() => expect(screen.queryByText(MISSING_LINKED_ASSET_MESSAGE)).not.toBeInTheDocument());
    expect(store.getState().widgetErrors).toEqual({});
    expect(textbox().querySelector('[data-invalid-link]')).toBeNull();
    unmount();
  });

  it('clears its error when the text goes away', async () => {
    installFakeApi({ 'GET /api/v1/assets/gone': { status: 404, body: { status: 404, messages: ['Not found'] } }, 'GET /api/v1/assets/here': { status: 200, body: {} } });
    const { store, unmount } = renderField(teaser, { teaser: linked }, { wrapper: withApi });
    await waitFor(() => expect(store.getState().widgetErrors).toEqual({ teaser: [MISSING_LINKED_ASSET_MESSAGE] }));
    unmount();
    expect(store.getState().widgetErrors).toEqual({});
    expect(store.getState().errors).toEqual([]);
  });

  it('links the selection to an asset picked in the browse modal, among the stencils the schema attributes allow', async () => {
    const api = installFakeApi({
      'GET /api/v1/user': { status: 200, body: buildUser() },
      'GET /api/crepo/schemas/attributes': {
        status: 200,
        body: { data: [{ stencil: 'story', label: 'Story', attributes: [] }, { stencil: 'video', label: 'Video', attributes: [] }] },
      },
      'GET /api/v1/assets': { status: 200, body: buildListResponse({ items: [buildListItem({ id: 'a7', title: 'Cliff diving' })] }) },
      'GET /api/v1/assets/a7': { status: 200, body: {} },
    });
    const store = createEditorStore({ inputs: [teaser], original: { values: { teaser: '<p>Read more</p>' }, metas: {} }, showAllErrors: false, isReadonly: false });
    const { user } = await renderApp({
      path: '/',
      signedInAs: 'editor',
      routes: [
        {
          path: '/',
          element: (
            <RequireAuth>
              <Suspense fallback={null}>
                <EditorStoreProvider store={store}>
                  <TopLevelField input={teaser} />
                </EditorStoreProvider>
              </Suspense>
            </RequireAuth>
          ),
        },
      ],
    });
    await screen.findByRole('textbox', { name: 'Teaser' });
    const editor = await startEditor();
    const toolbar = await select(editor, { from: 6, to: 10 });
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const form = screen.getByRole('group', { name: 'Link' });
    await user.click(within(form).getByText('Internal'));
    await user.click(within(form).getByRole('button', { name: 'Choose asset' }));

    const dialog = await screen.findByRole('dialog', { name: 'Browse assets' });
    const card = await within(dialog).findByRole('article', { name: 'Cliff diving' });
    await user.click(within(card).getByRole('button', { name: 'Cliff diving' }));
    const searches = api.requests.filter((request) => request.path === '/api/v1/assets');
    expect(searches.at(-1)?.query.get('stencil')).toBe('story,video');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Browse assets' })).not.toBeInTheDocument());
    leave(editor);
    expect(store.getState().values.teaser).toBe('<p>Read <a href="/api/v1/assets/a7">more</a></p>');
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/v1/assets/a7')).toBe(true));
    expect(store.getState().widgetErrors).toEqual({});
  });
});
