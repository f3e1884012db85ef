import { useState, type KeyboardEvent } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { checkExternalUrl } from '@editor/domain';
import { internalAssetIdOf } from './internalLinks.ts';

export type LinkMode = 'external' | 'internal';

const MODES: { value: LinkMode; label: string }[] = [
  { value: 'external', label: 'External' },
  { value: 'internal', label: 'Internal' },
];

export interface LinkFormProps {
  /** The href of the link being changed; undefined for a new link. */
  href: string | undefined;
  onConfirmExternal: (href: string) => void;
  /** Opens the asset picker; the picked asset becomes the link. */
  onChooseAsset: () => void;
  /** Offered when a link is being changed. */
  onRemove: () => void;
  onCancel: () => void;
}

/**
 * The link form of the rich-text toolbar (spec 002 §4 link modes external and internal). An external URL passes
 * the link check on Confirm (spec 000 §5); a failure shows under the URL and clears as soon as the user types
 * (spec 002 §5 Links). An internal link is picked from the asset list.
 */
export function LinkForm({ href, onConfirmExternal, onChooseAsset, onRemove, onCancel }: LinkFormProps) {
  const linkedAssetId = href === undefined ? undefined : internalAssetIdOf(href);
  const [mode, setMode] = useState<LinkMode>(linkedAssetId === undefined ? 'external' : 'internal');
  const [url, setUrl] = useState(linkedAssetId === undefined ? (href ?? '') : '');
  const [error, setError] = useState<string | undefined>(undefined);

  function confirm() {
    const failure = checkExternalUrl(url);
    if (failure) setError(failure.message);
    else onConfirmExternal(url.trim());
  }

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  }

  function handleUrlKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    confirm();
  }

  return (
    <Paper withBorder p="sm" role="group" aria-label="Link" onKeyDown={handleKeyDown}>
      <Stack gap="sm">
        <SegmentedControl size="xs" data={MODES} value={mode} onChange={(value) => setMode(value as LinkMode)} aria-label="Link mode" />
        {mode === 'external' ? (
          <TextInput
            label="URL"
            placeholder="https://"
            value={url}
            error={error}
            // The form opens for this input; focusing it is what the user came for.
            // oxlint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            onKeyDown={handleUrlKeyDown}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setError(undefined);
            }}
          />
        ) : (
          <Group gap="sm">
            <Text size="sm" c={linkedAssetId === undefined ? 'dimmed' : undefined}>
              {linkedAssetId === undefined ? 'No asset chosen' : `Linked asset ${linkedAssetId}`}
            </Text>
            <Button size="compact-sm" variant="light" onClick={onChooseAsset}>
              Choose asset
            </Button>
          </Group>
        )}
        <Group gap="xs" justify="flex-end">
          {href !== undefined && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={onRemove}>
              Remove link
            </Button>
          )}
          <Button size="compact-sm" variant="default" onClick={onCancel}>
            Cancel
          </Button>
          {mode === 'external' && (
            <Button size="compact-sm" onClick={confirm}>
              Confirm
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
