import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { AssetVersion } from '@editor/domain';
import { canChangeSpacesOf, canSetEmbargoOf } from './advancedTab.ts';
import { EmbargoEditor } from './EmbargoEditor.tsx';
import { SpacesEditor } from './SpacesEditor.tsx';

// The page decides on the tab where it imports the panel.
export { isAdvancedTabVisible } from './advancedTab.ts';

interface AdvancedPanelProps {
  asset: AssetVersion;
  /** Called after spaces or embargo dates were saved, to fetch the version again; the panel waits for a returned promise. */
  onSaved: () => unknown;
  /** The inputs of the stencil's advanced content area, shown above the spaces and embargo editors. */
  children?: ReactNode;
}

/**
 * Spec 002 §2 Advanced tab: the advanced area's inputs, then the spaces editor for those who may PUT on the
 * change-spaces link and the embargo editor for those who may POST on the set-embargo link (spec 002 §6).
 */
export function AdvancedPanel({ asset, onSaved, children }: AdvancedPanelProps) {
  return (
    <Stack gap="lg">
      {children}
      {canChangeSpacesOf(asset) && <SpacesEditor asset={asset} onSaved={onSaved} />}
      {canSetEmbargoOf(asset) && <EmbargoEditor asset={asset} onSaved={onSaved} />}
    </Stack>
  );
}
