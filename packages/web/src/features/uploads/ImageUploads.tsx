import { Button, Center, Group, Loader, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { findInput, IMAGE_UPLOAD_MESSAGES, type StencilDefinition } from '@editor/domain';
import { ErrorView } from '../../ui/ErrorView.tsx';
import { spacesToCreateIn } from '../../parts/user/canCreateContent.ts';
import { useCurrentUser } from '../../parts/user/useCurrentUser.ts';
import { CreditsForAllField } from './CreditsForAllField.tsx';
import { entryErrors, UPLOAD_FIELD_INPUTS, UPLOAD_FIELDS, type UploadField } from './entryErrors.ts';
import { FileDropZone } from './FileDropZone.tsx';
import { UploadsFailedModal } from './UploadsFailedModal.tsx';
import { useUploadQueue, uploadQueue } from './uploadQueueStore.ts';
import { UploadRow } from './UploadRow.tsx';
import { uploadedCountText } from './uploadTexts.ts';
import { useStartUploads } from './useStartUploads.ts';
import { useImageStencil } from './useImageStencil.ts';

export const UPLOAD_BUTTON_LABEL = 'Upload images';

function requiredFieldsOf(stencil: StencilDefinition | undefined): ReadonlySet<UploadField> {
  return new Set(UPLOAD_FIELDS.filter((field) => findInput(stencil ?? { inputs: [] }, UPLOAD_FIELD_INPUTS[field])?.constraints?.required));
}

/** Spec 001 §2.8: pick or drop images, describe them, and upload them as image assets into a space. */
export function ImageUploads() {
  const { effectiveRights, settings } = useCurrentUser();
  const stencil = useImageStencil();
  const startUploads = useStartUploads();
  const entries = useUploadQueue((state) => state.entries);
  const chosenSpace = useUploadQueue((state) => state.chosenSpace);
  const credits = useUploadQueue((state) => state.credits);
  const isRunning = useUploadQueue((state) => state.isRunning);
  const hasTriedUpload = useUploadQueue((state) => state.hasTriedUpload);
  const failure = useUploadQueue((state) => state.failure);

  // Spec 000 §6: only spaces the user may create in; their default space unless they may not create there.
  const spaces = spacesToCreateIn(effectiveRights);
  const defaultSpace = settings.defaultSpace && spaces.includes(settings.defaultSpace) ? settings.defaultSpace : null;
  const space = chosenSpace === undefined ? defaultSpace : chosenSpace;
  const requiredFields = requiredFieldsOf(stencil.data);

  const handleUpload = async () => {
    if (!stencil.data) return;
    const outcome = await startUploads({ space, localization: settings.preferredLocalization, stencil: stencil.data });
    // Spec 002 §8: failed uploads open the error modal too, naming the files; their rows say the same.
    if (outcome.kind === 'done' && outcome.result.failed.length > 0) {
      uploadQueue.getState().reportFailure({ messages: [IMAGE_UPLOAD_MESSAGES.uploadFailed], fileNames: outcome.result.failed });
    }
  };

  if (stencil.error) return <ErrorView error={stencil.error} onOk={() => void stencil.refetch()} />;

  const uploaded = entries.filter((entry) => entry.status === 'success').length;
  const isWaiting = entries.some((entry) => entry.status === 'pending' || entry.status === 'failed');
  const overallProgress = entries.length === 0 ? 0 : entries.reduce((sum, entry) => sum + entry.progress, 0) / entries.length;

  return (
    <Stack gap="md" maw={1100}>
      <FileDropZone onFiles={(files) => uploadQueue.getState().takeFiles(files)} isEmptyState={entries.length === 0} />
      {entries.length > 0 && (
        <>
          <Paper withBorder radius="md" p="sm">
            <Group align="flex-end" gap="md">
              <Select
                label="Space"
                data={spaces}
                value={space}
                onChange={(value) => uploadQueue.getState().chooseSpace(value)}
                error={hasTriedUpload && !space ? IMAGE_UPLOAD_MESSAGES.noSpaceSelected : undefined}
                disabled={isRunning}
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Clear space', 'aria-hidden': false }}
                w={200}
              />
              <CreditsForAllField applied={credits} isDisabled={isRunning} onApply={(value) => uploadQueue.getState().applyCredits(value)} />
              <Button leftSection={<IconUpload size={16} />} disabled={isRunning || stencil.isPending || !isWaiting} onClick={() => void handleUpload()}>
                {isRunning ? 'Uploading...' : UPLOAD_BUTTON_LABEL}
              </Button>
            </Group>
          </Paper>
          <Stack component="ul" gap="sm" p={0} m={0} aria-label="Uploads" style={{ listStyle: 'none' }}>
            {entries.map((entry) => (
              <UploadRow
                key={entry.id}
                entry={entry}
                errors={stencil.data ? entryErrors(entry, stencil.data) : {}}
                requiredFields={requiredFields}
                showAllErrors={hasTriedUpload}
                onChange={(patch) => uploadQueue.getState().updateEntry(entry.id, patch)}
                onRemove={() => uploadQueue.getState().removeEntry(entry.id)}
              />
            ))}
          </Stack>
          <Group gap="md" wrap="nowrap">
            <Progress value={overallProgress} aria-label="Overall upload progress" style={{ flex: 1 }} />
            <Text size="sm" role="status">
              {uploadedCountText({ uploaded, total: entries.length })}
            </Text>
            {isRunning && <Loader size="xs" aria-label="Uploading" />}
            <Button variant="subtle" size="xs" disabled={uploaded === 0} onClick={() => uploadQueue.getState().clearUploaded()}>
              Clear uploaded
            </Button>
          </Group>
        </>
      )}
      <UploadsFailedModal failure={failure} onClose={() => uploadQueue.getState().dismissFailure()} />
      {stencil.isPending && entries.length > 0 && (
        <Center>
          <Loader size="xs" aria-label="Loading the image stencil" />
        </Center>
      )}
    </Stack>
  );
}
