import { UPLOAD_PROGRESS_WHILE_SENDING, type AssetVersion, type MediaValue, type UploadResponse } from '@editor/domain';
import type { ApiClient } from '../../api/client.ts';
import { assetVersionPath } from '../../api/paths.ts';
import { uploadImage } from '../../parts/image-upload/uploadImage.ts';
import { imageValueOf, removeUpload } from '../../parts/image-upload/uploadedImage.ts';
import { UPLOAD_FIELD_INPUTS } from './entryErrors.ts';
import type { UploadEntry } from './uploadEntry.ts';

export const IMAGE_STENCIL = 'image';
/** The input of the image stencil that holds the uploaded file. */
export const IMAGE_INPUT = 'image';

type EntryTexts = Pick<UploadEntry, 'title' | 'seoFilename' | 'credits'>;

/** The create call's content: the entry's texts, trimmed, the empty ones left out. */
export function createContentOf(entry: EntryTexts): Record<string, { value: string }> {
  const content: Record<string, { value: string }> = {};
  for (const [field, input] of Object.entries(UPLOAD_FIELD_INPUTS)) {
    const value = entry[field as keyof EntryTexts].trim();
    if (value !== '') content[input] = { value };
  }
  return content;
}

/** A save replaces the whole content: everything the created version holds, plus the uploaded image. */
export function contentWithImage(version: AssetVersion, image: MediaValue): Record<string, { value?: unknown; _meta?: Record<string, unknown> }> {
  const content: Record<string, { value?: unknown; _meta?: Record<string, unknown> }> = {};
  for (const [name, entry] of Object.entries(version.content)) {
    if (entry.value === undefined && entry._meta === undefined) continue;
    content[name] = entry._meta ? { value: entry.value, _meta: entry._meta } : { value: entry.value };
  }
  content[IMAGE_INPUT] = { value: image };
  return content;
}

function createImageAsset(api: ApiClient, input: { entry: EntryTexts; space: string; localization: string; extraContent: Record<string, { value: unknown }> }): Promise<AssetVersion> {
  const query = new URLSearchParams({ space: input.space, 'container.stencil': IMAGE_STENCIL });
  return api.request({
    method: 'POST',
    path: `${assetVersionPath('-', input.localization)}?${query.toString()}`,
    body: { content: { ...input.extraContent, ...createContentOf(input.entry) } },
    response: 'assetVersion',
  });
}

/** Saves the upload as the asset's image; an upload that is not a usable image is refused before the call. */
function saveImage(api: ApiClient, version: AssetVersion, upload: UploadResponse): Promise<AssetVersion> {
  const image = imageValueOf(upload);
  return api.request({
    method: 'PUT',
    path: version._links.self.href,
    headers: { 'If-Match': `"${version._meta.version}"` },
    body: { content: contentWithImage(version, image) },
    response: 'assetVersion',
  });
}

/** Clean-up after a failure; its own failure changes nothing for the user, who already sees the upload failed. */
async function tryTo(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch {
    // Nothing more to do: the row shows the failure either way.
  }
}

export interface UploadImageAssetInput {
  api: ApiClient;
  entry: UploadEntry;
  space: string;
  localization: string;
  /** More of the new asset's content than the entry's texts (a gallery's geolocation, spec 001 §5). */
  extraContent?: Record<string, { value: unknown }>;
  /** Spec 000 §4: 0 to 99 while sending, 100 once the asset is saved. */
  onProgress: (percent: number) => void;
}

/**
 * Spec 001 §4, 000 §4: one upload as an image asset. The asset is created with the entry's texts, the file uploaded
 * for it, and the image saved on it; only then is the progress 100. When a later step fails, what the earlier ones
 * made is removed again (the upload, then the asset), so that a failed row leaves nothing half-made behind.
 */
export async function uploadImageAsset({ api, entry, space, localization, extraContent = {}, onProgress }: UploadImageAssetInput): Promise<{ id: string; localization: string }> {
  onProgress(0);
  const created = await createImageAsset(api, { entry, space, localization, extraContent });
  const removeAsset = () => tryTo(() => api.send({ method: 'DELETE', path: created._links.self.href }));
  let upload: UploadResponse;
  try {
    upload = await uploadImage({
      client: api,
      file: entry.file,
      signature: { space, context: { assetId: created.id, localization: created.localization } },
      onProgress: (percent) => onProgress(Math.min(percent, UPLOAD_PROGRESS_WHILE_SENDING)),
    });
  } catch (error) {
    await removeAsset();
    throw error;
  }
  onProgress(UPLOAD_PROGRESS_WHILE_SENDING);
  try {
    await saveImage(api, created, upload);
  } catch (error) {
    await removeUpload(api, upload.public_id);
    await removeAsset();
    throw error;
  }
  onProgress(100);
  return { id: created.id, localization: created.localization };
}
