import { useMemo } from 'react';
import { Group, Paper, Stack, Tabs, Title } from '@mantine/core';
import { isTaxonomyManager, type AssetVersion, type StencilDefinition } from '@editor/domain';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { ADVANCED_AREA, ExpandToggle, InputList, areaInputNames } from './ContentArea.tsx';
import { AdvancedPanel, isAdvancedTabVisible } from './details/AdvancedPanel.tsx';
import { LifecyclePanel } from './details/LifecyclePanel.tsx';
import { HistoryPanel } from './history/HistoryPanel.tsx';
import { MetaPanel } from './details/MetaPanel.tsx';
import { UsagePanel } from './details/UsagePanel.tsx';
import { PreviewPanel } from './preview/PreviewPanel.tsx';

/** Spec 002 §2: the input that opens the Advanced tab to taxonomy managers. */
const LIVESTREAM_INPUT = 'partner-hosted-livestream-container';

interface SidePanelProps {
  version: AssetVersion;
  stencil: StencilDefinition;
  isExpanded: boolean;
  onToggleExpanded: () => void;
  /** Reads the version again after a change to its spaces or embargo. */
  onRefresh: () => Promise<void>;
  /** The server version the editor's content is based on: a restore from the history names it in If-Match. */
  getBasedOnVersion: () => number;
  /** A restore from the history moved the editor to this version. */
  onServerVersion: (version: AssetVersion) => void;
}

/**
 * Spec 002 §2 side panel: the preview (for previewable stencils) and the details tabs Meta, Lifecycle, History (issue
 * 41), Usage and, for permitted users, Advanced.
 */
export function SidePanel({ version, stencil, isExpanded, onToggleExpanded, onRefresh, getBasedOnVersion, onServerVersion }: SidePanelProps) {
  const { effectiveRights } = useCurrentUser();
  const advancedInputs = useMemo(() => {
    const area = stencil.contentAreas.find((candidate) => candidate.name === ADVANCED_AREA);
    return area ? areaInputNames(area) : [];
  }, [stencil]);
  const showAdvanced = isAdvancedTabVisible({ asset: version, hasAdvancedAreaInputs: advancedInputs.includes(LIVESTREAM_INPUT), isTaxonomyManager: isTaxonomyManager(effectiveRights) });
  return (
    <Stack gap="md">
      <PreviewPanel version={version} stencil={stencil} isExpanded={isExpanded} />
      <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Details</Title>
        <ExpandToggle isExpanded={isExpanded} onToggle={onToggleExpanded} what="details" />
      </Group>
      <Tabs defaultValue="meta" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="meta">Meta</Tabs.Tab>
          <Tabs.Tab value="lifecycle">Lifecycle</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
          <Tabs.Tab value="usage">Usage</Tabs.Tab>
          {showAdvanced && <Tabs.Tab value="advanced">Advanced</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="meta" pt="sm">
          <MetaPanel asset={version} stencilLabel={stencil.label} />
        </Tabs.Panel>
        <Tabs.Panel value="lifecycle" pt="sm">
          <LifecyclePanel asset={version} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="sm">
          <HistoryPanel version={version} stencil={stencil} getBasedOnVersion={getBasedOnVersion} onServerVersion={onServerVersion} />
        </Tabs.Panel>
        <Tabs.Panel value="usage" pt="sm">
          <UsagePanel asset={version} />
        </Tabs.Panel>
        {showAdvanced && (
          <Tabs.Panel value="advanced" pt="sm">
            <AdvancedPanel asset={version} onSaved={onRefresh}>
              {advancedInputs.length > 0 && <InputList stencil={stencil} names={advancedInputs} />}
            </AdvancedPanel>
          </Tabs.Panel>
        )}
      </Tabs>
      </Paper>
    </Stack>
  );
}
