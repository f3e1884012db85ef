// oxlint-disable-next-line import/no-unassigned-import
import '@mantine/core/styles.css';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { InputDefinition } from '@editor/domain';
import story from '../../../../server/stencils/story.json';
import { ApiClientProvider } from '../../api/ApiClientProvider.tsx';
import { createQueryClient } from '../../api/createQueryClient.ts';
import { theme } from '../../app/theme.ts';
import { createEditorStore } from '../../features/asset-editor/state/editorStore.ts';
import { EditorStoreProvider } from '../../features/asset-editor/state/EditorStoreContext.tsx';
import { TopLevelField } from '../field/Field.tsx';

const params = new URLSearchParams(location.search);
const n = Number(params.get('n') ?? 300);
const mode = params.get('mode') ?? 'story';
const realStoryContent = (story as { inputs: InputDefinition[] }).inputs.find((input) => input.name === 'story-content')!;
const storyContent: InputDefinition =
  mode === 'plain' || mode === 'flat'
    ? { ...realStoryContent, constraints: { ...realStoryContent.constraints, oneOfProperties: realStoryContent.constraints!.oneOfProperties!.map((c) => (c.name === 'text' ? { ...c, type: 'text' } : c)) } }
    : realStoryContent;
const paragraph = (i: number) => `<p>Paragraph ${i}: the riders dropped into the first section at full speed, and the crowd at the bottom could hear the tyres before they saw the bikes.</p>`;
function element(i: number) {
  if (mode === 'text') return { type: 'text', value: paragraph(i) };
  if (mode === 'flat') return { type: 'text', value: `Paragraph ${i}` };
  if (mode === 'plain') return { type: 'text', value: `Paragraph ${i}` };
  switch (i % 10) {
    case 3: return { type: 'headline', value: { 'headline-text': `Headline ${i}` } };
    case 6: return { type: 'quote', value: [`Quote ${i}`, 'Ann Rider'] };
    case 8: return { type: 'list', value: ['<p>One</p>', '<p>Two</p>'] };
    case 9: return { type: 'fact', value: { 'fact-title': 'Did you know?', 'fact-text': paragraph(i) } };
    default: return { type: 'text', value: paragraph(i) };
  }
}
const values = { 'story-content': Array.from({ length: n }, (_, i) => element(i)) };
const store = createEditorStore({ inputs: [storyContent], original: { values, metas: {} }, showAllErrors: false, isReadonly: false });
const queryClient = createQueryClient({ retry: false });
const credentials = async () => ({ idToken: 'x', roleOverride: null });
const w = window as unknown as Record<string, unknown>;
w.__store = store;

function Done() {
  useLayoutEffect(() => {
    const committed = performance.now();
    w.__commit = committed - start;
    requestAnimationFrame(() => setTimeout(() => { w.__interactive = performance.now() - start; }));
  }, []);
  return null;
}

const start = performance.now();
createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme}>
    <ApiClientProvider getCredentials={credentials}>
      <QueryClientProvider client={queryClient}>
        <EditorStoreProvider store={store}>
          <div style={{ maxWidth: 800, margin: '0 auto' }}>
            <TopLevelField input={storyContent} />
          </div>
          <Done />
        </EditorStoreProvider>
      </QueryClientProvider>
    </ApiClientProvider>
  </MantineProvider>,
);
