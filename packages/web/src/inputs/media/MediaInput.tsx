import { useId, useState } from 'react';
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { VIDEO_UPLOAD_BANNER, mediaContentTypeOf, mediaValueSchema, providerForInput, type MediaLibraryItem, type MediaValue } from '@editor/domain';
import { AddMediaModal } from '../../parts/add-media/AddMediaModal.tsx';
import { mediaValueOf } from '../../parts/media-archive/createFromArchive.ts';
import { FieldFrame } from '../field/FieldFrame.tsx';
import { MediaValuePreview } from './MediaValuePreview.tsx';
import type { InputProps } from '../field/widgetProps.ts';

export type MediaInputProps = InputProps<MediaValue>;

/** The media value an archive item gives this input: its provider one the input takes (spec 002 §6), blockedIn from the item. */
export function mediaValueForInput(item: MediaLibraryItem, providers: readonly string[]): MediaValue {
  const value = mediaValueOf(item);
  return { ...value, provider: providerForInput({ itemProvider: value.provider, providers }) };
}

/**
 * Spec 002 §4, §6 video and audio inputs (a service input whose providers are media providers): empty, Add opens
 * Add media filtered to the input's kind — a video input says direct uploads are gone; with a value, the media
 * preview with Change and Remove. Read-only shows the preview alone.
 */
export function MediaInput({ input, value, onChange, onBlur, disabled, errors }: MediaInputProps) {
  const id = useId();
  const [isAdding, setIsAdding] = useState(false);
  const parsed = mediaValueSchema.safeParse(value);
  const media = parsed.success ? parsed.data : undefined;
  const providers = input.constraints?.providers ?? [];
  const contentType = mediaContentTypeOf(providers);

  const handleChoose = (item: MediaLibraryItem) => {
    onChange(mediaValueForInput(item, providers));
    onBlur();
    setIsAdding(false);
  };

  let body;
  if (media) {
    body = (
      <MediaValuePreview
        media={media}
        label={input.view.label}
        disabled={disabled}
        onChange={() => setIsAdding(true)}
        onRemove={() => {
          onChange(undefined);
          onBlur();
        }}
      />
    );
  } else if (disabled) {
    body = (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  } else {
    body = (
      <Card withBorder padding="sm" radius="sm">
        <Stack gap="xs" align="flex-start">
          {contentType === 'video' && (
            <Alert variant="light" color="blue" p="xs" icon={<IconInfoCircle size={16} />} w="100%">
              <Text size="xs">{VIDEO_UPLOAD_BANNER}</Text>
            </Alert>
          )}
          <Button variant="default" size="xs" leftSection={<IconPlus size={14} stroke={1.6} />} onClick={() => setIsAdding(true)}>
            Add
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <FieldFrame input={input} errors={errors} id={id}>
      <div role="group" aria-labelledby={`${id}-label`}>
        {body}
      </div>
      {!disabled && <AddMediaModal opened={isAdding} onClose={() => setIsAdding(false)} contentType={contentType} onChoose={handleChoose} />}
    </FieldFrame>
  );
}
