import { Suspense, lazy, useState } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHeadphones, IconMovie, IconInfoCircle, IconReplace, IconTrash } from '@tabler/icons-react';
import { MEDIA_PROVIDERS, MEDIA_RESOURCE_TYPES, formatMediaDuration, renditionsCallout, type ArchiveMedia, type MediaValue } from '@editor/domain';
import { GeoblockList } from './GeoblockList.tsx';
import { useArchiveMedia, useMediaRenditions } from '../../parts/media-archive/useMediaDetails.ts';

// The clip editor is a modal few editors open: it loads when first asked for.
const PreviewClipModal = lazy(() => import('../../parts/preview-clip/PreviewClipModal.tsx').then((module) => ({ default: module.PreviewClipModal })));

/** The provider names an editor reads (spec 001 §9). */
const PROVIDER_LABELS: Record<string, string> = {
  'rbmn-video': 'RBMN Video',
  'media-partnerships-video': 'Media Partnerships Video',
  'rbmn-audio': 'RBMN Audio',
};

const resourceUrl = (media: ArchiveMedia | undefined, type: string) => media?.resources.find((resource) => resource.type === type)?.url;

function RenditionsCallout({ provider, renditionsAvailable }: { provider: string; renditionsAvailable: boolean }) {
  const callout = renditionsCallout({ provider, renditionsAvailable });
  if (!callout) return null;
  return callout.kind === 'info' ? (
    <Alert variant="light" color="blue" p="xs" icon={<IconInfoCircle size={16} />}>
      <Text size="xs">{callout.text}</Text>
    </Alert>
  ) : (
    <Alert variant="light" color="yellow" p="xs" icon={<IconAlertTriangle size={16} />} role="alert">
      <Text size="xs">{callout.text}</Text>
    </Alert>
  );
}

export interface MediaValuePreviewProps {
  media: MediaValue;
  label: string;
  disabled: boolean;
  onChange: () => void;
  onRemove: () => void;
}

/**
 * Spec 000 §2 video and audio media previews: the poster (or an audio icon) in the browser's player of a rendition
 * or else the original, the title and duration, the provider, the countries it is blocked in, and for a video the
 * renditions callout (002 §8). Change and Remove unless read-only, and Create preview for an RBMN Video (002 §6);
 * see decisions.md for the buttons left out.
 */
export function MediaValuePreview({ media, label, disabled, onChange, onRemove }: MediaValuePreviewProps) {
  const isVideo = media.mediaType !== 'audio';
  const details = useArchiveMedia({ provider: media.provider, referenceId: media.referenceId });
  const renditions = useMediaRenditions(media.referenceId, { enabled: isVideo });
  const found = details.data;
  const source = renditions.data?.renditions[0]?.url ?? resourceUrl(found, MEDIA_RESOURCE_TYPES.rendition) ?? resourceUrl(found, MEDIA_RESOURCE_TYPES.original);
  const title = found?.title ?? media.referenceId;
  const duration = found?.duration ?? media.duration;
  const blockedIn = media.blockedIn ?? found?.blockedIn ?? [];
  const [isClipping, setIsClipping] = useState(false);
  const canCreatePreview = !disabled && media.provider === MEDIA_PROVIDERS.video && duration !== undefined;
  return (
    <Card withBorder padding="sm" radius="sm">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <div style={{ width: 300, flexShrink: 0 }}>
          {isVideo ? (
            <video
              controls
              preload="metadata"
              src={source}
              poster={resourceUrl(found, MEDIA_RESOURCE_TYPES.poster)}
              aria-label={`${label} player`}
              style={{ display: 'block', width: '100%', aspectRatio: '16 / 9', background: 'black', borderRadius: 4 }}
            />
          ) : (
            <Stack gap={6}>
              <Center bg="gray.1" c="gray.6" h={100} role="img" aria-label="Audio" style={{ borderRadius: 4 }}>
                <IconHeadphones size={40} stroke={1.2} />
              </Center>
              <audio controls preload="metadata" src={source} aria-label={`${label} player`} style={{ width: '100%' }} />
            </Stack>
          )}
        </div>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate title={title}>
            {title}
          </Text>
          <Group gap={6}>
            {duration !== undefined && <Text size="xs" c="dimmed">{formatMediaDuration(duration)}</Text>}
            <Badge variant="light" color="gray">
              {PROVIDER_LABELS[media.provider] ?? media.provider}
            </Badge>
          </Group>
          <GeoblockList countries={blockedIn} />
          {isVideo && renditions.data && <RenditionsCallout provider={media.provider} renditionsAvailable={renditions.data.renditionsAvailable} />}
          {!disabled && (
            <Group gap="xs" mt={4}>
              <Button variant="default" size="xs" leftSection={<IconReplace size={14} stroke={1.6} />} onClick={onChange}>
                Change
              </Button>
              {canCreatePreview && (
                <Button variant="default" size="xs" leftSection={<IconMovie size={14} stroke={1.6} />} onClick={() => setIsClipping(true)}>
                  Create preview
                </Button>
              )}
              <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} stroke={1.6} />} onClick={onRemove}>
                Remove
              </Button>
            </Group>
          )}
          {canCreatePreview && isClipping && (
            <Suspense fallback={null}>
              <PreviewClipModal opened onClose={() => setIsClipping(false)} referenceId={media.referenceId} durationMs={Math.round(duration * 1000)} />
            </Suspense>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
