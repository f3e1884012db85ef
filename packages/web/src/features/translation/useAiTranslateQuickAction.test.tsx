import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRANSLATION_TEXTS } from '@editor/domain';
import type { FakeResponse } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { EDITOR_PATH, serveEditor, translatedVersion } from './editorTestKit.ts';
import { translatingText } from './useTranslateAsset.ts';

const AI_PATH = '/api/v1/assets/a1/localizations/fr/ai-translations';
const QUICK_ACTION_PATH = `${EDITOR_PATH}?quickAction=ai-translate&${encodeURIComponent('quickActionOption[targetLocalization]')}=fr`;
const FRENCH_EDITOR = '/assets/a1/localizations/fr/edit';

function serveQuickAction(answer: FakeResponse) {
  return serveEditor({ handlers: { [`POST ${AI_PATH}`]: answer } });
}

const aiPosts = (api: ReturnType<typeof serveEditor>) => api.requests.filter((request) => request.method === 'POST' && request.path === AI_PATH);

beforeAll(async () => {
  await import('../../pages/AssetEditorPage.tsx');
});
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the ai-translate quick action (spec 002 §2)', { timeout: 20_000 }, () => {
  it('AI-translates the open locale into the target once, toasts and opens the new locale', async () => {
    const api = serveQuickAction({ status: 201, body: translatedVersion('fr') });
    const { router } = await renderApp({ path: QUICK_ACTION_PATH, signedInAs: 'editor' });
    expect(await screen.findByText(TRANSLATION_TEXTS.quickActionDone)).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe(FRENCH_EDITOR));
    expect(aiPosts(api)).toHaveLength(1);
    expect(aiPosts(api)[0]?.query.get('reference')).toBe('en');
    expect(aiPosts(api)[0]?.body).toEqual({ id: 'a1' });
  });

  it('shows that the translation is under way until it is done', async () => {
    let answer: (response: FakeResponse) => void = () => undefined;
    const pending = new Promise<FakeResponse>((resolve) => (answer = resolve));
    serveEditor({ handlers: { [`POST ${AI_PATH}`]: () => pending } });
    await renderApp({ path: QUICK_ACTION_PATH, signedInAs: 'editor' });
    expect(await screen.findByText(translatingText('fr'))).toBeVisible();
    answer({ status: 201, body: translatedVersion('fr') });
    expect(await screen.findByText(TRANSLATION_TEXTS.quickActionDone)).toBeVisible();
    await waitFor(() => expect(screen.queryByText(translatingText('fr'))).toBeNull());
  });

  it('an existing target locale toasts and opens it', async () => {
    serveQuickAction({ status: 409, body: { status: 409, code: 'locale-exists', messages: ['exists'] } });
    const { router } = await renderApp({ path: QUICK_ACTION_PATH, signedInAs: 'editor' });
    expect(await screen.findByText(TRANSLATION_TEXTS.localeExists('fr'))).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe(FRENCH_EDITOR));
    expect(screen.queryByText(TRANSLATION_TEXTS.quickActionDone)).toBeNull();
  });

  it('a failure warns and stays on the open locale, without the parameters', async () => {
    const api = serveQuickAction({ status: 503, body: { status: 503, messages: ['down'] } });
    const { router } = await renderApp({ path: QUICK_ACTION_PATH, signedInAs: 'editor' });
    expect(await screen.findByText(TRANSLATION_TEXTS.aiUnavailable)).toBeVisible();
    expect(router.state.location.pathname).toBe(EDITOR_PATH);
    expect(router.state.location.search).toBe('');
    expect(aiPosts(api)).toHaveLength(1);
  });

  it('ignores other quick actions', async () => {
    const api = serveQuickAction({ status: 201, body: translatedVersion('fr') });
    await renderApp({ path: `${EDITOR_PATH}?quickAction=publish`, signedInAs: 'editor' });
    await screen.findByRole('toolbar', { name: 'Asset actions' });
    expect(aiPosts(api)).toHaveLength(0);
  });
});
