import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Box, Center, Group, Loader, Paper, SegmentedControl, Tabs, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { PREVIEW_FRAME_WIDTHS, type AssetVersion, type PreviewFormat, type PreviewView, type StencilDefinition } from '@editor/domain';
import { useEditor, useEditorStoreApi } from '../../../editor-state/EditorStoreContext.tsx';
import { previewScale } from './previewScale.ts';
import { usePreview, type PreviewFailure } from './usePreview.ts';
import { useElementWidth } from './useElementWidth.ts';

/** The height of the page each format shows before scaling: a phone screen, a laptop screen. */
const FRAME_HEIGHTS: Readonly<Record<PreviewFormat, number>> = { mobile: 844, desktop: 800 };

const FAILURE_TEXTS: Readonly<Record<PreviewFailure, string>> = {
  unavailable: "Sorry, something happened and we can't provide you with a preview of this asset at this moment",
  'asset-has-errors': 'Sorry, your asset is showing an error... Resolve the error and try again.',
};

interface PreviewPanelProps {
  version: AssetVersion;
  stencil: StencilDefinition;
  /** Whether the side panel (and with it the preview) is expanded: the manual sync button shows only then. */
  isExpanded: boolean;
}

/**
 * Spec 002 §2, §4 live preview: shown when the stencil is previewable and the user may POST on the preview link
 * (the server leaves that method out for spaces excluded from preview).
 */
export function PreviewPanel({ version, stencil, isExpanded }: PreviewPanelProps) {
  const link = version._links['p:preview'];
  if (!stencil.previewable || !link?.methods.includes('POST')) return null;
  return <LivePreview previewHref={link.href} hasFeatureCard={stencil.featureCardPreview === true} isExpanded={isExpanded} />;
}

function LivePreview({ previewHref, hasFeatureCard, isExpanded }: { previewHref: string; hasFeatureCard: boolean; isExpanded: boolean }) {
  const store = useEditorStoreApi();
  const isClean = useEditor((state) => state.changes.length === 0);
  const hasErrors = useEditor((state) => state.errors.length > 0);
  const [format, setFormat] = useState<PreviewFormat>('mobile');
  const [view, setView] = useState<PreviewView>('page');
  const { regenerate, preview, isLoading, failure } = usePreview(previewHref);

  // Spec 002 §4: a preview on opening, and again whenever the asset stops being dirty (saved or changes undone).
  useEffect(() => {
    regenerate();
    return store.subscribe((state, previous) => {
      if (previous.changes.length > 0 && state.changes.length === 0) regenerate();
    });
  }, [store, regenerate]);

  const shownView = hasFeatureCard ? view : 'page';
  const isSyncVisible = isClean && !hasErrors && failure !== 'asset-has-errors' && !isLoading && isExpanded;
  const documentHref = preview ? `${shownView === 'page' ? preview.links.page : preview.links.featureCard}?format=${format}&skipTracking=true` : undefined;

  return (
    <Paper withBorder p="sm" mb="sm" aria-label="Preview" component="section">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={4}>Preview</Title>
        <Group gap="xs" wrap="nowrap">
          <SegmentedControl
            size="xs"
            value={format}
            onChange={(value) => setFormat(value === 'desktop' ? 'desktop' : 'mobile')}
            data={[
              { label: 'Mobile', value: 'mobile' },
              { label: 'Desktop', value: 'desktop' },
            ]}
          />
          {isSyncVisible && (
            <Tooltip label="Sync preview">
              <ActionIcon variant="subtle" aria-label="Sync preview" onClick={() => regenerate()}>
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <Tabs value={shownView} onChange={(value) => setView(value === 'feature-card' ? 'feature-card' : 'page')}>
        <Tabs.List mb="xs">
          <Tabs.Tab value="page">Page</Tabs.Tab>
          {hasFeatureCard && <Tabs.Tab value="feature-card">Feature Card</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      {failure ? (
        <Alert color="red" title="Preview Error">
          {FAILURE_TEXTS[failure]}
        </Alert>
      ) : isLoading || !documentHref ? (
        <Center h={120}>
          <Loader size="sm" aria-label="Loading preview" />
        </Center>
      ) : (
        <ScaledFrame src={documentHref} format={format} />
      )}
    </Paper>
  );
}

/** The preview document at its format's width, scaled down to the panel's width (never up). */
function ScaledFrame({ src, format }: { src: string; format: PreviewFormat }) {
  const [ref, panelWidth] = useElementWidth<HTMLDivElement>();
  const frameWidth = PREVIEW_FRAME_WIDTHS[format];
  const frameHeight = FRAME_HEIGHTS[format];
  const scale = previewScale(panelWidth, frameWidth);
  return (
    <Box ref={ref} style={{ overflow: 'hidden', height: frameHeight * scale }} data-scale={scale}>
      <iframe
        title="Preview"
        src={src}
        sandbox="allow-same-origin"
        width={frameWidth}
        height={frameHeight}
        style={{ border: 0, display: 'block', transform: `scale(${scale})`, transformOrigin: 'top left' }}
      />
    </Box>
  );
}
