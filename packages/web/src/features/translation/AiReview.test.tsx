import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssetVersion } from '@editor/domain';
import type { RecordedRequest } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { readDraft } from '../../editor-state/localDrafts.ts';
import { EDITOR_PATH, serveEditor, storyVersion, VERSION_PATH } from './editorTestKit.ts';

interface SaveBody {
  content: Record<string, { value?: string }>;
  _meta?: { aiTranslationNeedsConfirmation: boolean; aiGeneratedProperties: string[] };
}

const AI_DRAFT: Partial<AssetVersion['_meta']> = { status: 'draft', published: false, aiTranslationNeedsConfirmation: true, aiGeneratedProperties: ['title', 'teaser'] };

/** What the server answers to a save: the sent values and review as the next version. */
function savedFrom(request: RecordedRequest): AssetVersion {
  const body = request.body as SaveBody;
  return storyVersion(
    { title: body.content.title?.value, teaser: body.content.teaser?.value },
    { ...AI_DRAFT, ...body._meta, version: 5, updatedDate: '2026-03-13T08:00:00.000Z' },
  );
}

async function openAiDraft(values: { title?: string; teaser?: string } = { title: 'Klippenspringen', teaser: 'Hoch' }, meta: Partial<AssetVersion['_meta']> = AI_DRAFT) {
  const api = serveEditor({ version: storyVersion(values, meta), handlers: { [`PUT ${VERSION_PATH}`]: (request) => ({ status: 200, body: savedFrom(request) }) } });
  const view = await renderApp({ path: EDITOR_PATH, signedInAs: 'editor' });
  const bar = await screen.findByRole('toolbar', { name: 'Asset actions' });
  return { ...view, api, bar };
}

const saves = (api: ReturnType<typeof serveEditor>) => api.requests.filter((request) => request.method === 'PUT').map((request) => request.body as SaveBody);

beforeAll(async () => {
  await import('../../pages/AssetEditorPage.tsx');
});
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('AI review (spec 000 §4, 002 §4)', { timeout: 20_000 }, () => {
  it('shows AI Draft, the AI Review Mode banner and an AI tag on each listed, non-empty field', async () => {
    const { bar } = await openAiDraft({ title: 'Klippenspringen' });
    expect(within(bar).getByText('AI Draft')).toBeVisible();
    expect(screen.getByRole('region', { name: 'AI Review Mode' })).toBeVisible();
    expect(screen.getByLabelText('Title is AI-generated')).toBeVisible();
    // Listed, but empty: no tag.
    expect(screen.queryByLabelText('Teaser is AI-generated')).toBeNull();
    // An AI draft is accepted before it can be published.
    expect(within(bar).queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('shows no banner and no tags when the version needs no confirmation', async () => {
    const { bar } = await openAiDraft(undefined, { ...AI_DRAFT, aiTranslationNeedsConfirmation: false });
    expect(within(bar).getByText('Draft')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'AI Review Mode' })).toBeNull();
    expect(screen.queryByText('AI')).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Publish' })).toBeVisible();
  });

  it('Accept on the banner saves the confirmation and the status leaves AI Draft', async () => {
    const { bar, api, user } = await openAiDraft();
    await user.click(within(screen.getByRole('region', { name: 'AI Review Mode' })).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Your asset has been successfully saved')).toBeVisible();
    expect(saves(api)[0]?._meta).toEqual({ aiTranslationNeedsConfirmation: false, aiGeneratedProperties: [] });
    await waitFor(() => expect(within(bar).getByText('Draft')).toBeVisible());
    expect(within(bar).queryByText('AI Draft')).toBeNull();
    expect(screen.queryByRole('region', { name: 'AI Review Mode' })).toBeNull();
    expect(screen.queryByLabelText('Title is AI-generated')).toBeNull();
  });

  it('Delete on the banner deletes this locale after the confirmation', async () => {
    const api = serveEditor({ version: storyVersion({ title: 'Klippenspringen' }, AI_DRAFT), handlers: { [`DELETE ${VERSION_PATH}`]: { status: 200, body: { deleted: true } } } });
    const { user } = await renderApp({ path: EDITOR_PATH, signedInAs: 'editor' });
    const banner = await screen.findByRole('region', { name: 'AI Review Mode' });
    await user.click(within(banner).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your asset has been deleted')).toBeVisible();
    expect(api.requests.some((request) => request.method === 'DELETE' && request.path === VERSION_PATH)).toBe(true);
  });

  it("a field's Accept is an unsaved change that keeps the value and un-lists the field on save", async () => {
    const { bar, api, user } = await openAiDraft();
    await user.click(screen.getByRole('button', { name: 'Accept AI value of Title' }));
    expect(screen.queryByLabelText('Title is AI-generated')).toBeNull();
    expect(within(bar).getByText('1 unsaved change')).toBeVisible();
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your asset has been successfully saved')).toBeVisible();
    const [body] = saves(api);
    expect(body?.content.title?.value).toBe('Klippenspringen');
    // The teaser still awaits review, so the translation still needs confirmation.
    expect(body?._meta).toEqual({ aiTranslationNeedsConfirmation: true, aiGeneratedProperties: ['teaser'] });
    expect(within(bar).getByText('AI Draft')).toBeVisible();
  });

  it("a field's Delete clears it; deciding on the last AI field clears the confirmation on save", async () => {
    const { bar, api, user } = await openAiDraft();
    await user.click(screen.getByRole('button', { name: 'Accept AI value of Title' }));
    await user.click(screen.getByRole('button', { name: 'Delete AI value of Teaser' }));
    expect(screen.getByRole('textbox', { name: /Teaser/ })).toHaveValue('');
    expect(within(bar).getByText('2 unsaved changes')).toBeVisible();
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your asset has been successfully saved')).toBeVisible();
    const [body] = saves(api);
    expect(body?.content.teaser?.value).toBeUndefined();
    expect(body?._meta).toEqual({ aiTranslationNeedsConfirmation: false, aiGeneratedProperties: [] });
    await waitFor(() => expect(within(bar).queryByText('AI Draft')).toBeNull());
  });

  it("keeps a field's decision in the local draft, which brings it back after a reload", async () => {
    const { user, unmount } = await openAiDraft();
    await user.click(screen.getByRole('button', { name: 'Accept AI value of Title' }));
    await waitFor(() => expect(readDraft('a1', 'en')?.aiReview).toEqual({ needsConfirmation: true, generatedProperties: ['teaser'] }));
    unmount();

    const reopened = await openAiDraft();
    const modal = await screen.findByRole('dialog', { name: 'Draft' });
    await reopened.user.click(within(modal).getByRole('button', { name: 'Load draft' }));
    await waitFor(() => expect(screen.queryByLabelText('Title is AI-generated')).toBeNull());
    expect(within(reopened.bar).getByText('1 unsaved change')).toBeVisible();
  });

  it('Discard brings the AI tags back and nothing is sent', async () => {
    const { bar, api, user } = await openAiDraft();
    await user.click(screen.getByRole('button', { name: 'Accept AI value of Title' }));
    await user.click(within(bar).getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Title is AI-generated')).toBeVisible();
    expect(within(bar).queryByText(/unsaved change/)).toBeNull();
    expect(saves(api)).toHaveLength(0);
  });

  it('a plain save in review mode leaves the review as it is', async () => {
    const { bar, api, user } = await openAiDraft();
    const title = screen.getByRole('textbox', { name: /Title/ });
    await user.type(title, '!');
    await user.tab();
    await user.click(await within(bar).findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your asset has been successfully saved')).toBeVisible();
    expect(saves(api)[0]).not.toHaveProperty('_meta');
  });
});
