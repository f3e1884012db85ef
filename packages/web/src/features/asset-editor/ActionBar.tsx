import { ActionIcon, Badge, Button, CopyButton, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconCheck, IconStar, IconStarFilled, IconTrash, IconArrowBackUp, IconLanguage, IconStack2, IconWorldUpload, IconWorldOff, IconX, IconTruckDelivery, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { displayStatus, publishingIssuesText, statusBadge, unpublishedChangeCount, type AssetVersion, type EditorActions, type StencilDefinition } from '@editor/domain';
import { StencilIcon } from '../../ui/StencilIcon.tsx';
import { localeFlag, localeLabel } from '../../ui/localeDisplay.ts';
import { BADGE_COLORS } from '../../parts/asset-card/cardModel.ts';
import { useAssetLinks } from '../../parts/asset-card/useAssetLinks.ts';
import { useEditor } from '../../editor-state/EditorStoreContext.tsx';

export interface ActionBarProps {
  version: AssetVersion;
  stencil: StencilDefinition;
  actions: EditorActions;
  isReadonly: boolean;
  errorCount: number;
  isBookmarked: boolean;
  saveState: 'idle' | 'saving' | 'saved';
  onSave: () => void;
  onDiscard: () => void;
  onDelete: () => void;
  onToggleBookmark: () => void;
  onPublish: () => void;
  onUnpublish: () => void;
  onTranslate: () => void;
  /** Bulk edit mode is on: its button reads as pressed, and stays to leave the mode once edits make the asset dirty. */
  isBulkEditing: boolean;
  onBulkEdit: () => void;
  /** The open version's ship link offers PATCH: its properties may be shipped to other locales. */
  canShip: boolean;
  onShip: () => void;
  /** Spec 000 §2: leaves the asset (back in history, or to /). */
  onClose: () => void;
  /** Who else has the version open (live presence). */
  presence?: ReactNode;
}

/** Spec 002 §2: the status tag, a link to the live page when the version is published and the website has one. */
function StatusTag({ version, color, children }: { version: AssetVersion; color: string; children: ReactNode }) {
  const { links } = useAssetLinks({ id: version.id, localization: version.localization });
  const web = version._meta.status === 'published' ? links.find((link) => link.rel === 'web') : undefined;
  if (!web) {
    return (
      <Badge color={color} variant="light">
        {children}
      </Badge>
    );
  }
  return (
    <Tooltip label="View on website">
      <Badge component="a" href={web.href} target="_blank" rel="noopener noreferrer" color={color} variant="light" rightSection={<IconExternalLink size={12} />} style={{ cursor: 'pointer' }}>
        {children}
      </Badge>
    </Tooltip>
  );
}

/**
 * Spec 002 §2: how many changes are unsaved, read from the editor's store here alone: an element removed from a long
 * story changes the count, and nothing else in the action bar need render again for it.
 */
function UnsavedChanges() {
  const count = useEditor((state) => state.changes.length);
  if (count === 0) return null;
  return (
    <Text size="sm" c="var(--mantine-color-blue-light-color)">
      {`${count} unsaved ${count === 1 ? 'change' : 'changes'}`}
    </Text>
  );
}

/** Spec 002 §2, §4 action bar: what the version is, what is pending, and the actions the rules allow. */
export function ActionBar(props: ActionBarProps) {
  const { version, stencil, actions } = props;
  const status = displayStatus({ status: version._meta.status, aiTranslationNeedsConfirmation: version._meta.aiTranslationNeedsConfirmation });
  const badge = statusBadge(status);
  const unpublished = unpublishedChangeCount(version._meta);
  return (
    <Paper withBorder p="xs" role="toolbar" aria-label="Asset actions">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Group gap={6}>
            <StencilIcon name={stencil.icon} size={18} />
            <Text fw={600}>{stencil.label}</Text>
          </Group>
          <Text aria-label="Locale">
            <span aria-hidden>{localeFlag(version.localization)}</span> {localeLabel(version.localization)}
          </Text>
          <StatusTag version={version} color={BADGE_COLORS[badge.kind]}>
            {/* Spec 000 §4 "AI Draft shows when aiTranslationNeedsConfirmation is set": the editor names it; cards keep the mapping. */}
            {status === 'AI Draft' ? status : badge.text}
          </StatusTag>
          {props.isReadonly && (
            <Badge color="gray" variant="outline">
              Readonly
            </Badge>
          )}
          <UnsavedChanges />
          {unpublished > 0 && (
            <Text size="sm" c="var(--mantine-color-orange-light-color)">
              {`${unpublished} unpublished ${unpublished === 1 ? 'change' : 'changes'}`}
            </Text>
          )}
          {props.presence}
          {props.errorCount > 0 && (
            <Text size="sm" c="red">
              {publishingIssuesText(props.errorCount)}
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          {actions.delete && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={props.onDelete}>
              Delete
            </Button>
          )}
          {actions.discard && (
            <Button variant="subtle" color="gray" leftSection={<IconArrowBackUp size={16} />} onClick={props.onDiscard}>
              Discard
            </Button>
          )}
          {actions.unpublish && (
            <Button variant="default" leftSection={<IconWorldOff size={16} />} onClick={props.onUnpublish}>
              Unpublish
            </Button>
          )}
          <Tooltip label={props.isBookmarked ? 'Remove from favourites' : 'Add to favourites'}>
            <ActionIcon variant="subtle" color="yellow" size="lg" aria-label="Favourite" aria-pressed={props.isBookmarked} onClick={props.onToggleBookmark}>
              {props.isBookmarked ? <IconStarFilled size={18} /> : <IconStar size={18} />}
            </ActionIcon>
          </Tooltip>
          <CopyButton value={version.id}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'ID copied' : 'Copy ID'}>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Copy ID" onClick={copy}>
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          {(actions.bulkEdit || props.isBulkEditing) && (
            <Button variant={props.isBulkEditing ? 'filled' : 'default'} leftSection={<IconStack2 size={16} />} aria-pressed={props.isBulkEditing} onClick={props.onBulkEdit}>
              Bulk Edit
            </Button>
          )}
          {props.canShip && (
            <Button variant="default" leftSection={<IconTruckDelivery size={16} />} onClick={props.onShip}>
              Ship
            </Button>
          )}
          {actions.translate && (
            <Button variant="default" leftSection={<IconLanguage size={16} />} onClick={props.onTranslate}>
              Translate
            </Button>
          )}
          {(actions.save || props.saveState !== 'idle') && (
            <Button onClick={props.onSave} loading={false} disabled={props.saveState !== 'idle'}>
              {props.saveState === 'saving' ? 'Saving...' : props.saveState === 'saved' ? 'Saved' : 'Save'}
            </Button>
          )}
          {actions.publish && (
            <Button color="green" leftSection={<IconWorldUpload size={16} />} onClick={props.onPublish}>
              Publish
            </Button>
          )}
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={props.onClose}>
            Close
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
