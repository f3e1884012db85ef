import { screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AppConfig, InputDefinition, Rights } from '@editor/domain';
import { ApiClientProvider } from '../../api/ApiClientProvider.tsx';
import type { Credentials } from '../../api/client.ts';
import { createQueryClient } from '../../api/createQueryClient.ts';
import { AppConfigProvider } from '../../config/AppConfigProvider.tsx';
import { createEditorStore, type AssetAbout, type ContentMetas, type ContentValues } from '../../editor-state/editorStore.ts';
import { EditorStoreProvider } from '../../editor-state/EditorStoreContext.tsx';
import type { AiReview } from '../../editor-state/aiReview.ts';
import { TEST_SIGNATURE, installFakeImageService } from '../../parts/image-upload/uploadTestKit.ts';
import { installFakeApi, type FakeResponse, type RecordedRequest } from '../../test/fakeApi.ts';
import { buildConfig } from '../../test/fixtures.ts';
import { renderUi } from '../../test/renderUi.tsx';
import { TopLevelField } from '../field/Field.tsx';
import { ALL_ALLOWED, fieldRulesOf, FieldRulesContext } from '../field/FieldRulesContext.tsx';

const credentials = async (): Promise<Credentials> => ({ idToken: 'test-id-token', roleOverride: null });

export const ABOUT: AssetAbout = { id: 'img-1', localization: 'en', spaces: ['rbcom', 'global'], externalReference: null };

interface RenderImageFieldOptions {
  values?: ContentValues;
  metas?: ContentMetas;
  siblings?: InputDefinition[];
  about?: AssetAbout;
  aiReview?: AiReview;
  isReadonly?: boolean;
  config?: Partial<AppConfig>;
  /** The rights the editor judges the fields by, as it does for the signed-in user; without, everything is allowed. */
  rights?: Rights;
  handlers?: Record<string, FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>)>;
}

/**
 * One top-level image field in an open asset, as the editor shows it: a real editor store, the API client against
 * a fake server (the signature call answers) and a fake image service taking the posted files.
 */
export function renderImageField(input: InputDefinition, options: RenderImageFieldOptions = {}) {
  const api = installFakeApi({ 'POST /api/v1/cloudinary-signature': { status: 200, body: TEST_SIGNATURE }, ...options.handlers });
  const service = installFakeImageService();
  const store = createEditorStore({
    inputs: [input, ...(options.siblings ?? [])],
    original: { values: options.values ?? {}, metas: options.metas ?? {}, aiReview: options.aiReview, about: options.about ?? ABOUT },
    showAllErrors: false,
    isReadonly: options.isReadonly ?? false,
  });
  const view = renderUi(
    <AppConfigProvider config={buildConfig(options.config)}>
      <ApiClientProvider getCredentials={credentials}>
        <QueryClientProvider client={createQueryClient({ retry: false })}>
          <EditorStoreProvider store={store}>
            <FieldRulesContext.Provider value={options.rights ? fieldRulesOf({ rights: options.rights, isPublished: false }) : ALL_ALLOWED}>
              <TopLevelField input={input} />
            </FieldRulesContext.Provider>
          </EditorStoreProvider>
        </QueryClientProvider>
      </ApiClientProvider>
    </AppConfigProvider>,
  );
  const fileInput = () => {
    const element = view.container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!element) throw new Error('No file input is shown.');
    return element;
  };
  const field = () => screen.getByRole('group', { name: input.view.label });
  return { ...view, api, service, store, fileInput, field, valueOf: (name = input.name) => store.getState().values[name] };
}

/** A small PNG file as a person picks it. */
export const pngFile = (name = 'wave.png') => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
