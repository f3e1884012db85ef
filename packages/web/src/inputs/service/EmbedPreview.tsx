import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { EMBED_SANDBOX, embedFrameOf, embedProviderOf, type MediaValue } from '@editor/domain';

/**
 * A confirmed service embed (spec 002 §4): the provider and id, and the embed in a sandboxed frame whose address is
 * derived again from provider and id (never from stored HTML); Clear or Remove unless read-only.
 */
export function EmbedPreview({ media, actionLabel, onAction }: { media: MediaValue; actionLabel: 'Clear' | 'Remove'; onAction?: (() => void) | undefined }) {
  const label = embedProviderOf(media.provider)?.label ?? media.provider;
  const frame = embedFrameOf(media);
  return (
    <Card withBorder padding="sm" radius="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text size="sm" fw={600}>
              {label}
              {media.subtype ? ` · ${media.subtype}` : ''}
            </Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {media.referenceId}
            </Text>
          </div>
          {onAction && (
            <Button size="xs" variant="default" onClick={onAction}>
              {actionLabel}
            </Button>
          )}
        </Group>
        {frame && <iframe title={frame.title} src={frame.src} sandbox={EMBED_SANDBOX} height={frame.height} width="100%" style={{ border: 0 }} loading="lazy" allowFullScreen />}
      </Stack>
    </Card>
  );
}
