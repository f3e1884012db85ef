import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRANSLATION_TEXTS } from '@editor/domain';
import type { FakeResponse } from '../../test/fakeApi.ts';
import { RequireAuth } from '../../app/auth/RequireAuth.tsx';
import { renderApp } from '../../test/renderApp.tsx';
import { AI_LIST_PATH, deferred, EDITOR_PATH, serveEditor, storyStencil, storyVersion, translatedVersion } from './editorTestKit.ts';
import { TranslateModal } from './TranslateModal.tsx';
import { translatingText } from './useTranslateAsset.ts';

const MANUAL_PATH = '/api/v1/assets/a1/localizations/fr';
const AI_PATH = '/api/v1/assets/a1/localizations/fr/ai-translations';
const AI_FOR_FRENCH = { status: 200, body: { translatable: true, localizations: ['fr'] } };
const error = (status: number, code?: string): FakeResponse => ({ status, body: { status, messages: ['Refused'], ...(code ? { code } : {}) } });

async function openModal(options: { path?: string } = {}) {
  const view = await renderApp({ path: options.path ?? EDITOR_PATH, signedInAs: 'editor' });
  const bar = await screen.findByRole('toolbar', { name: 'Asset actions' });
  await view.user.click(within(bar).getByRole('button', { name: 'Translate' }));
  const modal = await screen.findByRole('dialog', { name: TRANSLATION_TEXTS.modalTitle });
  return { ...view, modal };
}

const editorPathOf = (locale: string) => `/assets/a1/localizations/${locale}/edit`;

beforeAll(async () => {
  await import('../../pages/AssetEditorPage.tsx');
});
beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the translate modal (spec 002 §4)', { timeout: 20_000 }, () => {
  it('loads the AI offers, then lists existing localisations and the locales the user may translate into', async () => {
    const aiList = deferred<FakeResponse>();
    serveEditor({ handlers: { [`GET ${AI_LIST_PATH}`]: () => aiList.promise } });
    const { modal } = await openModal();
    expect(within(modal).getByRole('status', { name: 'Loading translations' })).toBeVisible();
    aiList.resolve(AI_FOR_FRENCH);
    const targets = await within(modal).findByRole('list', { name: 'Translation targets' });
    // The user holds en, de and fr; the asset exists in en and de; es and ja are the app's but not the user's.
    expect(within(targets).getAllByRole('listitem')).toHaveLength(1);
    expect(within(targets).getByRole('button', { name: 'Translate into French' })).toBeVisible();
    expect(within(targets).getByRole('button', { name: 'AI translate into French' })).toBeVisible();
    expect(within(modal).getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'page');
    expect(within(modal).getByRole('button', { name: 'German' })).toBeVisible();
  });

  it('offers no AI translation when the AI list is empty (no AI configured)', async () => {
    serveEditor({ user: { localizations: ['en', 'de', 'fr', 'es'] } });
    const { modal } = await openModal();
    const targets = await within(modal).findByRole('list', { name: 'Translation targets' });
    expect(within(targets).getByRole('button', { name: 'Translate into French' })).toBeVisible();
    expect(within(targets).getByRole('button', { name: 'Translate into Spanish' })).toBeVisible();
    expect(within(modal).queryByRole('button', { name: /^AI translate/ })).toBeNull();
  });

  it('offers Translate only when some locale is left that the user may translate into', async () => {
    // The asset already exists in every locale the user holds.
    serveEditor({ user: { localizations: ['en', 'de'] } });
    await renderApp({ path: EDITOR_PATH, signedInAs: 'editor' });
    const bar = await screen.findByRole('toolbar', { name: 'Asset actions' });
    expect(within(bar).queryByRole('button', { name: 'Translate' })).toBeNull();
  });

  it('says the rights are missing when no target is allowed, and still lists the existing localisations', async () => {
    // Not a translator: nothing to translate into, whatever the locales.
    serveEditor({ user: { roles: ['content-editor'] } });
    await renderApp({
      path: '/',
      signedInAs: 'editor',
      routes: [
        {
          path: '/',
          element: (
            <RequireAuth>
              <Suspense fallback={null}>
                <TranslateModal opened version={storyVersion({ title: 'Cliff diving' })} stencil={storyStencil} onClose={() => undefined} />
              </Suspense>
            </RequireAuth>
          ),
        },
      ],
    });
    const modal = await screen.findByRole('dialog', { name: TRANSLATION_TEXTS.modalTitle });
    expect(await within(modal).findByText(TRANSLATION_TEXTS.missingRights)).toBeVisible();
    expect(within(modal).getByRole('button', { name: 'German' })).toBeVisible();
  });

  it('a refused translation (403) says the rights are missing', async () => {
    serveEditor({ handlers: { [`POST ${MANUAL_PATH}`]: error(403) } });
    const { modal, user, router } = await openModal();
    await user.click(await within(modal).findByRole('button', { name: 'Translate into French' }));
    expect(await screen.findByText(TRANSLATION_TEXTS.missingRights)).toBeVisible();
    expect(router.state.location.pathname).toBe(EDITOR_PATH);
  });

  it('translates manually: a waiting text that cannot be closed, then the new localisation opens', async () => {
    const answer = deferred<FakeResponse>();
    const api = serveEditor({ handlers: { [`POST ${MANUAL_PATH}`]: () => answer.promise } });
    const { modal, user, router } = await openModal();
    await user.click(await within(modal).findByRole('button', { name: 'Translate into French' }));
    expect(await within(modal).findByText(translatingText('fr'))).toBeVisible();
    expect(within(modal).queryByRole('button', { name: /close/i })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: TRANSLATION_TEXTS.modalTitle })).toBeVisible();
    answer.resolve({ status: 201, body: translatedVersion('fr') });
    await waitFor(() => expect(router.state.location.pathname).toBe(editorPathOf('fr')));
    const post = api.requests.find((request) => request.method === 'POST' && request.path === MANUAL_PATH);
    expect(post?.body).toEqual({ id: 'a1', params: {}, reference: 'en' });
  });

  it('AI-translates with the source as reference and opens the new localisation', async () => {
    const api = serveEditor({ handlers: { [`GET ${AI_LIST_PATH}`]: AI_FOR_FRENCH, [`POST ${AI_PATH}`]: { status: 201, body: translatedVersion('fr') } } });
    const { modal, user, router } = await openModal();
    await user.click(await within(modal).findByRole('button', { name: 'AI translate into French' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(editorPathOf('fr')));
    const post = api.requests.find((request) => request.method === 'POST' && request.path === AI_PATH);
    expect(post?.query.get('reference')).toBe('en');
    expect(post?.body).toEqual({ id: 'a1' });
  });

  it('an existing locale toasts and opens it', async () => {
    serveEditor({ handlers: { [`POST ${MANUAL_PATH}`]: error(409, 'locale-exists') } });
    const { modal, user, router } = await openModal();
    await user.click(await within(modal).findByRole('button', { name: 'Translate into French' }));
    expect(await screen.findByText(TRANSLATION_TEXTS.localeExists('fr'))).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe(editorPathOf('fr')));
  });

  it("a vanished source says 'Asset not found'", async () => {
    serveEditor({ handlers: { [`POST ${MANUAL_PATH}`]: error(404) } });
    const { modal, user, router } = await openModal();
    await user.click(await within(modal).findByRole('button', { name: 'Translate into French' }));
    expect(await screen.findByText(TRANSLATION_TEXTS.assetNotFound)).toBeVisible();
    expect(router.state.location.pathname).toBe(EDITOR_PATH);
  });

  it('a failed AI translation warns and goes back to the list', async () => {
    serveEditor({ handlers: { [`GET ${AI_LIST_PATH}`]: AI_FOR_FRENCH, [`POST ${AI_PATH}`]: error(503) } });
    const { modal, user, router } = await openModal();
    await user.click(await within(modal).findByRole('button', { name: 'AI translate into French' }));
    expect(await screen.findByText(TRANSLATION_TEXTS.aiUnavailable)).toBeVisible();
    expect(await within(modal).findByRole('button', { name: 'AI translate into French' })).toBeVisible();
    expect(router.state.location.pathname).toBe(EDITOR_PATH);
  });

  it('a translation into the locale that is still running is a failure like any other (409 without locale-exists)', async () => {
    serveEditor({ handlers: { [`GET ${AI_LIST_PATH}`]: AI_FOR_FRENCH, [`POST ${AI_PATH}`]: error(409, 'translation-running') } });
    const { modal, user, router } = await openModal();
    await user.click(await within(modal).findByRole('button', { name: 'AI translate into French' }));
    expect(await screen.findByText(TRANSLATION_TEXTS.aiUnavailable)).toBeVisible();
    expect(router.state.location.pathname).toBe(EDITOR_PATH);
  });

  it('a failed AI list says so and still offers manual translation', async () => {
    serveEditor({ handlers: { [`GET ${AI_LIST_PATH}`]: error(500) } });
    const { modal } = await openModal();
    expect(await screen.findByText(TRANSLATION_TEXTS.aiListFailed)).toBeVisible();
    expect(within(modal).getByRole('button', { name: 'Translate into French' })).toBeVisible();
    expect(within(modal).queryByRole('button', { name: /^AI translate/ })).toBeNull();
  });

  it('an existing localisation switches to it', async () => {
    serveEditor();
    const { modal, user, router } = await openModal();
    await user.click(await within(modal).findByRole('button', { name: 'German' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(editorPathOf('de')));
  });
});
