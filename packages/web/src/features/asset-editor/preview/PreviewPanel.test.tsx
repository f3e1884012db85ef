import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AssetVersion, StencilDefinition } from '@editor/domain';
import { buildAssetVersion } from '../../../test/assetVersionFixture.ts';
import type { FakeResponse, RecordedRequest } from '../../../test/fakeApi.ts';
import { buildStoryStencil } from '../../../test/stencilFixture.ts';
import { renderDetailsPanel } from '../../../test/renderDetailsPanel.tsx';
import { EditorStoreProvider } from '../../../editor-state/EditorStoreContext.tsx';
import { createEditorStore, type EditorStore } from '../../../editor-state/editorStore.ts';
import { PreviewPanel } from './PreviewPanel.tsx';

const stencil = buildStoryStencil({ featureCardPreview: true });

const PREVIEW = 'POST /api/v1/assets/a1/localizations/en/preview';
const UNAVAILABLE = "Sorry, something happened and we can't provide you with a preview of this asset at this moment";
const ASSET_ERROR = 'Sorry, your asset is showing an error... Resolve the error and try again.';

let tokens = 0;
function previewAnswer(): FakeResponse {
  tokens += 1;
  const token = `token${tokens}`;
  return { status: 201, body: { token, links: { page: `/preview/${token}/page`, featureCard: `/preview/${token}/feature-card` } } };
}

const storeWith = (title: string) =>
  createEditorStore({ inputs: stencil.inputs, original: { values: { title }, metas: {} }, showAllErrors: false, isReadonly: false });

async function renderPreview(options: { store?: EditorStore; version?: AssetVersion; stencil?: StencilDefinition; isExpanded?: boolean; preview?: FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>) } = {}) {
  const store = options.store ?? storeWith('Saved title');
  const view = await renderDetailsPanel(
    <EditorStoreProvider store={store}>
      <PreviewPanel version={options.version ?? buildAssetVersion()} stencil={options.stencil ?? stencil} isExpanded={options.isExpanded ?? true} />
    </EditorStoreProvider>,
    { api: { [PREVIEW]: options.preview ?? previewAnswer } },
  );
  const previewCalls = () => view.api.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/assets/a1/localizations/en/preview');
  return { ...view, store, previewCalls };
}

const frame = () => screen.findByTitle('Preview');

describe('the live preview (spec 002 §2, §4)', () => {
  it('posts the current content with validate=true on opening and shows the page at the mobile width with skipTracking', async () => {
    const { previewCalls } = await renderPreview();
    const iframe = await frame();
    expect(iframe.getAttribute('src')).toMatch(/^\/preview\/token\d+\/page\?format=mobile&skipTracking=true$/);
    expect(iframe.getAttribute('width')).toBe('390');
    const [call] = previewCalls();
    expect(call?.query.get('validate')).toBe('true');
    expect(call?.body).toEqual({ content: { title: { value: 'Saved title' }, teaser: { value: undefined } } });
  });

  it('switches to Desktop and to the Feature Card', async () => {
    await renderPreview();
    await frame();
    act(() => screen.getByRole('radio', { name: 'Desktop' }).click());
    expect((await frame()).getAttribute('width')).toBe('1280');
    expect((await frame()).getAttribute('src')).toContain('/page?format=desktop&skipTracking=true');
    act(() => screen.getByRole('tab', { name: 'Feature Card' }).click());
    await waitFor(async () => expect((await frame()).getAttribute('src')).toMatch(/\/feature-card\?format=desktop&skipTracking=true$/));
  });

  it('offers no Feature Card tab when the stencil has none', async () => {
    await renderPreview({ stencil: { ...stencil, featureCardPreview: false } });
    await frame();
    expect(screen.getByRole('tab', { name: 'Page' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Feature Card' })).not.toBeInTheDocument();
  });

  it('is not shown for a stencil that is not previewable or without POST on the preview link', async () => {
    const first = await renderPreview({ stencil: { ...stencil, previewable: false } });
    expect(screen.queryByRole('heading', { name: 'Preview' })).not.toBeInTheDocument();
    expect(first.previewCalls()).toHaveLength(0);
    first.unmount();
    const second = await renderPreview({ version: buildAssetVersion({ linkMethods: { 'p:preview': [] } }) });
    expect(screen.queryByRole('heading', { name: 'Preview' })).not.toBeInTheDocument();
    expect(second.previewCalls()).toHaveLength(0);
  });

  it('regenerates with the new content when the asset stops being dirty, not while it is dirty', async () => {
    const { store, previewCalls } = await renderPreview();
    await frame();
    expect(previewCalls()).toHaveLength(1);
    act(() => store.getState().setValue(['title'], 'Edited title'));
    expect(screen.queryByRole('button', { name: 'Sync preview' })).not.toBeInTheDocument();
    expect(previewCalls()).toHaveLength(1);
    // A save: the server now holds the edited title, the asset is clean again.
    act(() => store.getState().rebase({ values: { title: 'Edited title' }, metas: {} }, { keepEdits: true }));
    await waitFor(() => expect(previewCalls()).toHaveLength(2));
    expect(previewCalls()[1]?.body).toEqual({ content: { title: { value: 'Edited title' }, teaser: { value: undefined } } });
    expect((await frame()).getAttribute('src')).toContain('/preview/token');
  });

  it('shows the asset error text when the server finds errors (422), and no sync button', async () => {
    await renderPreview({ preview: { status: 422, body: { status: 422, messages: ['title: Please fill in this field'], code: 'validation-failed', errors: [{ path: 'title', message: 'x' }] } } });
    expect(await screen.findByText('Preview Error')).toBeVisible();
    expect(screen.getByText(ASSET_ERROR)).toBeVisible();
    expect(screen.queryByTitle('Preview')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync preview' })).not.toBeInTheDocument();
  });

  it('shows the general error text when the preview fails otherwise, and syncs again on request', async () => {
    let fails = true;
    const { previewCalls } = await renderPreview({ preview: () => (fails ? { status: 500, body: { status: 500, messages: ['Internal server error.'] } } : previewAnswer()) });
    expect(await screen.findByText(UNAVAILABLE)).toBeVisible();
    expect(screen.getByText('Preview Error')).toBeVisible();
    fails = false;
    act(() => screen.getByRole('button', { name: 'Sync preview' }).click());
    expect(await frame()).toBeVisible();
    expect(previewCalls()).toHaveLength(2);
  });

  it('shows the sync button only when clean, without errors, not loading and expanded', async () => {
    let answer: ((response: FakeResponse) => void) | undefined;
    const { store, unmount } = await renderPreview({ preview: () => new Promise<FakeResponse>((resolve) => (answer = resolve)) });
    expect(await screen.findByLabelText('Loading preview')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync preview' })).not.toBeInTheDocument();
    act(() => answer?.(previewAnswer()));
    expect(await screen.findByRole('button', { name: 'Sync preview' })).toBeVisible();
    // Errors in the asset hide it.
    act(() => {
      store.getState().setValue(['title'], '');
      store.getState().rebase({ values: { title: '' }, metas: {} }, { keepEdits: true });
      store.getState().validateNow();
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sync preview' })).not.toBeInTheDocument());
    unmount();
    await renderPreview({ isExpanded: false });
    await frame();
    expect(screen.queryByRole('button', { name: 'Sync preview' })).not.toBeInTheDocument();
  });
});
