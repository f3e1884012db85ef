import { useNavigate } from '../../router/index.ts';
import { ROUTES } from '../../router/routes.ts';
import { uploadQueue } from './uploadQueueStore.ts';
import { useFileDrop } from './useFileDrop.ts';

/**
 * Spec 001 §2.8 "Dropping files on the drop zone leads to ImageUploads": props for an element elsewhere in the app
 * (the header's Image Uploads tab) that takes dropped files into the upload list and opens the page.
 */
export function useDropToUploads() {
  const navigate = useNavigate();
  const { isDragging, dropHandlers } = useFileDrop({
    onFiles: (files) => {
      uploadQueue.getState().takeFiles(files);
      void navigate(ROUTES.ImageUploads.path);
    },
  });
  return { ...dropHandlers, 'data-file-drag': isDragging || undefined, style: isDragging ? { backgroundColor: 'var(--mantine-color-indigo-0)' } : undefined };
}
