import { hasImageUploadType, IMAGE_UPLOAD_MESSAGES, isImageTooLarge, seoFilenameOf } from '@editor/domain';
import { UNSUPPORTED_TYPE_MESSAGE } from '../../parts/image-upload/uploadedImage.ts';

/** Spec 001 §3 (gallery image upload): an upload waits, runs, fails or succeeds. */
export type UploadStatus = 'pending' | 'uploading' | 'failed' | 'success';

/** Spec 002 §3 upload entry (file, title, seo_filename, credits, thumbnail) with the progress of its upload. */
export interface UploadEntry {
  id: string;
  file: File;
  /** An object URL of the local file; revoked when the entry leaves the list. */
  thumbnail: string;
  title: string;
  seoFilename: string;
  credits: string;
  /** Spec 000 §4: 0 to 99 while the file is sent, 100 once its asset is saved. */
  progress: number;
  status: UploadStatus;
  /** The image asset the upload made, once it succeeded. */
  asset: { id: string; localization: string } | null;
  /** What the server said when the last attempt failed, shown under the failure text. */
  failureDetail: string | null;
}

const EXTENSION = /\.[^.]+$/;

/** Spec 001 §5: an upload's title from its file name: no extension, dashes and underscores read as spaces. */
export function titleOfFilename(filename: string): string {
  const title = filename.replace(EXTENSION, '').replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  // A name that is only an extension (".png") keeps what it has rather than becoming empty.
  return title === '' ? filename.trim() : title;
}

/** Spec 001 §5, 002 §5: a new entry with title and SEO filename derived from the file name. */
export function entryFromFile(file: File, input: { id: string; thumbnail: string; credits?: string }): UploadEntry {
  return {
    id: input.id,
    file,
    thumbnail: input.thumbnail,
    title: titleOfFilename(file.name),
    seoFilename: seoFilenameOf(file.name),
    credits: input.credits ?? '',
    progress: 0,
    status: 'pending',
    asset: null,
    failureDetail: null,
  };
}

export interface RefusedFile {
  name: string;
  reason: 'type' | 'size';
}

/** Spec 000 §5: which picked files may be uploaded at all; the others are refused before any call. */
export function screenFiles(files: readonly File[]): { accepted: File[]; refused: RefusedFile[] } {
  const accepted: File[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    if (!hasImageUploadType(file.name)) refused.push({ name: file.name, reason: 'type' });
    else if (isImageTooLarge(file.size)) refused.push({ name: file.name, reason: 'size' });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/**
 * Spec 002 §5: the Upload Failed modal's texts for refused files: the size text in the singular when one file was
 * picked, in the plural when several were, and the editor's text for a wrong type (the modal lists the files).
 */
export function refusalMessages(pickedCount: number, refused: readonly RefusedFile[]): string[] {
  const messages: string[] = [];
  if (refused.some((file) => file.reason === 'size')) {
    messages.push(pickedCount === 1 ? IMAGE_UPLOAD_MESSAGES.tooLarge : IMAGE_UPLOAD_MESSAGES.someTooLarge);
  }
  if (refused.some((file) => file.reason === 'type')) messages.push(UNSUPPORTED_TYPE_MESSAGE);
  return messages;
}
