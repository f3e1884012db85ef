import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { PreviewClipMarker } from '@editor/domain';
import { showToast } from '../../ui/toasts.tsx';
import { clampClip, clampFrame, defaultClip, formatClipTime, FRAME_RATE, LAST_FRAME, msFromTimecode, parseClipTime, timecodeFromMs, type Clip } from './clipTime.ts';
import { usePreviewClipMarker, useSavePreviewClipMarker } from './usePreviewClipMarker.ts';

interface PreviewClipModalProps {
  opened: boolean;
  onClose: () => void;
  /** The archive video's reference id. */
  referenceId: string;
  /** The video's length in milliseconds: the latest the clip may end. */
  durationMs: number;
}

/** Spec 002 §2, §4 Preview Clip modal: loading, then the error or the form, then saving (Create or Update). */
export function PreviewClipModal({ opened, onClose, referenceId, durationMs }: PreviewClipModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Preview Clip" centered size="lg">
      {opened && <PreviewClipContent referenceId={referenceId} durationMs={durationMs} onClose={onClose} />}
    </Modal>
  );
}

function PreviewClipContent({ referenceId, durationMs, onClose }: Omit<PreviewClipModalProps, 'opened'>) {
  const marker = usePreviewClipMarker(referenceId);
  if (marker.isPending || (marker.isError && marker.isFetching)) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading the preview clip" />
      </Center>
    );
  }
  if (marker.isError) {
    return (
      <Stack align="center" gap="xs" py="lg" role="alert">
        <Text fw={600}>We couldn&apos;t fetch the preview clip settings for this video</Text>
        <Text size="sm">Please try again.</Text>
        <Button variant="default" onClick={() => void marker.refetch()}>
          Reload
        </Button>
      </Stack>
    );
  }
  return <PreviewClipForm referenceId={referenceId} durationMs={durationMs} marker={marker.data} onClose={onClose} />;
}

function PreviewClipForm({ referenceId, durationMs, marker, onClose }: Omit<PreviewClipModalProps, 'opened'> & { marker: PreviewClipMarker | null }) {
  const [clip, setClip] = useState<Clip>(() => (marker ? clampClip(marker, durationMs) : defaultClip(durationMs)));
  const save = useSavePreviewClipMarker(referenceId);
  const isSaving = save.isPending;

  const handleChange = (point: keyof Clip, ms: number) => setClip((current) => clampClip({ ...current, [point]: ms }, durationMs, point));
  const handleSave = () =>
    save.mutate(
      { marker, clip },
      {
        onSuccess: () => {
          showToast({ kind: 'success', message: 'Preview clip has been created successfully.' });
          onClose();
        },
        onError: () => showToast({ kind: 'error', message: "Preview clip couldn't be created." }),
      },
    );

  return (
    <Stack gap="md" aria-busy={isSaving}>
      <ClipPointFields label="Start" ms={clip.inpoint} isDisabled={isSaving} onChange={(ms) => handleChange('inpoint', ms)} />
      <ClipPointFields label="End" ms={clip.outpoint} isDisabled={isSaving} onChange={(ms) => handleChange('outpoint', ms)} />
      <Text size="sm" c="dimmed">
        Video length: {formatClipTime(durationMs / 1000)} ({Math.floor(durationMs).toLocaleString('en-US')} ms), {FRAME_RATE} frames per second
      </Text>
      <Alert variant="light" icon={<IconClock size={18} />}>
        The preview clip is attached to the video about 15 minutes after it is created.
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
        <Button onClick={handleSave} loading={isSaving}>
          {marker ? 'Update' : 'Create'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * One point of the clip: a time (whole seconds, read when the field is left or Enter is pressed) and a frame, with
 * the milliseconds they come to once clamped.
 */
function ClipPointFields({ label, ms, isDisabled, onChange }: { label: string; ms: number; isDisabled: boolean; onChange: (ms: number) => void }) {
  const { seconds, frame } = timecodeFromMs(ms);
  // What the user is typing; null while the field shows the clip's own time.
  const [draft, setDraft] = useState<string | null>(null);
  const isDraftReadable = draft === null || parseClipTime(draft) !== null;

  const commitDraft = () => {
    if (draft === null) return;
    const parsed = parseClipTime(draft);
    setDraft(null);
    if (parsed !== null) onChange(msFromTimecode({ seconds: parsed, frame }));
  };

  return (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <TextInput
        label={`${label} time`}
        description="mm:ss or h:mm:ss"
        value={draft ?? formatClipTime(seconds)}
        error={isDraftReadable ? undefined : 'Enter mm:ss or h:mm:ss'}
        disabled={isDisabled}
        onFocus={() => setDraft(formatClipTime(seconds))}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={commitDraft}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitDraft();
        }}
        w={160}
      />
      <NumberInput
        label={`${label} frame`}
        description={`0 to ${LAST_FRAME}`}
        value={frame}
        min={0}
        max={LAST_FRAME}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        disabled={isDisabled}
        onChange={(value) => onChange(msFromTimecode({ seconds, frame: clampFrame(Number(value)) }))}
        w={110}
      />
      <Text size="sm" mt={46} aria-live="polite">
        {label}: {ms.toLocaleString('en-US')} ms
      </Text>
    </Group>
  );
}
