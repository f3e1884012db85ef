import type { AssetVersion } from '@editor/domain';
import { buildAssetVersion } from '../../test/assetVersionFixture.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildUser } from '../../test/fixtures.ts';
import { buildStoryStencil } from '../../test/stencilFixture.ts';

/** A story with two text fields on its content tab: what the translation tests open in the editor. */
export const storyStencil = buildStoryStencil({ previewable: false });

export const EDITOR_PATH = '/assets/a1/localizations/en/edit';
export const VERSION_PATH = '/api/v1/assets/a1/localizations/en';
export const AI_LIST_PATH = '/api/v1/assets/a1/localizations/en/ai-translations/available-ai-translations';

export type Handler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

/** The open version (en, existing also in de) with these values and meta. */
export function storyVersion(values: { title?: string | undefined; teaser?: string | undefined }, meta: Partial<AssetVersion['_meta']> = {}, localization = 'en'): AssetVersion {
  return buildAssetVersion({
    localization,
    content: { title: { name: 'title', type: 'text', value: values.title }, teaser: { name: 'teaser', type: 'text', value: values.teaser } },
    meta,
    linkMethods: { self: ['GET', 'PUT', 'DELETE'] },
  });
}

/** A new version as the translate calls answer it. */
export const translatedVersion = (locale: string) => storyVersion({ title: 'Translated' }, { status: 'draft', published: false }, locale);

/** The fake server of an editor on a1/en; `handlers` adds or replaces answers by "METHOD /path". */
export function serveEditor(options: { version?: AssetVersion; user?: Parameters<typeof buildUser>[0]; handlers?: Record<string, Handler> } = {}) {
  return installFakeApi({
    'GET /api/v1/user': { status: 200, body: buildUser(options.user) },
    'GET /api/v1/stencils/story': { status: 200, body: storyStencil },
    [`GET ${VERSION_PATH}`]: { status: 200, body: options.version ?? storyVersion({ title: 'Cliff diving', teaser: 'High' }) },
    [`GET ${AI_LIST_PATH}`]: { status: 200, body: { translatable: false, localizations: [] } },
    'GET /api/v1/assets': { status: 200, body: { _embedded: { item: [] }, facets: [], size: 0, total: 0, _links: { self: { href: '/api/v1/assets' }, search: { href: '/api/v1/assets' } } } },
    ...options.handlers,
  });
}

/** A promise with its resolve, to hold an answer back while the test looks at the waiting state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}
