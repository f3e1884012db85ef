import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { installFakeApi } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { buildStoryStencil, TITLE_AND_TEASER } from '../../test/stencilFixture.ts';

const stencil = buildStoryStencil({ inputs: [...TITLE_AND_TEASER, { name: 'uri-title', type: 'text', view: { label: 'URI title' } }] });

function openWith(uriSlugClaimPending: boolean) {
  const version = buildAssetVersion({
    content: { title: { name: 'title', type: 'text', value: 'Cliff diving' }, 'uri-title': { name: 'uri-title', type: 'text', value: 'cliff-diving' } },
    meta: { status: 'draft', published: false, uriSlugClaimPending },
    linkMethods: { self: ['GET', 'PUT', 'DELETE'] },
  });
  installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser() },
    'GET /api/v1/stencils/story': { status: 200, body: stencil },
    'GET /api/v1/assets/a1/localizations/en': { status: 200, body: version },
  });
  return renderApp({ path: '/assets/a1/localizations/en/edit', signedInAs: 'editor' });
}

beforeAll(async () => {
  await import('../../pages/AssetEditorPage.tsx');
});

describe('the URI title while a slug claim is pending (spec 000 §3, 002 §5)', { timeout: 20_000 }, () => {
  it('cannot be changed in the editor', async () => {
    await openWith(true);
    const uriTitle = await screen.findByRole('textbox', { name: /URI title/ });
    expect(uriTitle).toHaveValue('cliff-diving');
    expect(uriTitle).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toBeEnabled();
  });

  it('can be changed without a pending claim', async () => {
    await openWith(false);
    expect(await screen.findByRole('textbox', { name: /URI title/ })).toBeEnabled();
  });
});
