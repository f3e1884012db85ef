import type { AssetReference } from '@editor/domain';
import type { ApiClient } from '../../api/client.ts';
import { archiveCreationOf, creationPath } from '../../parts/media-archive/createFromArchive.ts';
import { IMAGE_STENCIL } from '../uploads/uploadImageAsset.ts';
import { uploadImageAsset } from '../uploads/uploadImageAsset.ts';
import { entryFromFile } from '../uploads/uploadEntry.ts';
import { GEOLOCATION_INPUT, type ArchiveItem, type GalleryDraft, type GalleryItem, type UploadItem } from './galleryDraft.ts';

export const GALLERY_STENCIL = 'image-gallery';

export interface GalleryTarget {
  space: string;
  localization: string;
}

/** The gallery's tagging values every new image gets (spec 001 §5): its geolocation, when one is set. */
export type ImageTagging = Pick<GalleryDraft, 'geolocation'>;

const taggingContentOf = (tagging: ImageTagging): Record<string, { value: unknown }> => (tagging.geolocation ? { [GEOLOCATION_INPUT.name]: { value: tagging.geolocation } } : {});

type AssetKey = { id: string; localization: string };

/** Spec 001 §7: an upload becomes an image asset (created, then its file uploaded), through the uploads page's pipeline. */
async function createUpload(api: ApiClient, input: { item: UploadItem; target: GalleryTarget; tagging: ImageTagging; onProgress: (percent: number) => void }): Promise<AssetKey> {
  const { item, target, tagging, onProgress } = input;
  const entry = { ...entryFromFile(item.file, { id: item.key, thumbnail: item.thumbnail ?? '' }), title: item.content.title, seoFilename: item.content.seoFilename, credits: item.content.credits };
  return uploadImageAsset({ api, entry, ...target, extraContent: taggingContentOf(tagging), onProgress });
}

/** Spec 001 §7: an archive image becomes an image asset from prefilled content, with the wizard's title and seo-filename. */
async function createFromArchive(api: ApiClient, input: { item: ArchiveItem; target: GalleryTarget; tagging: ImageTagging }): Promise<AssetKey> {
  const { item, target, tagging } = input;
  const { stencil, content } = archiveCreationOf(item.media);
  const body = { content: { ...content, ...taggingContentOf(tagging), title: { value: item.content.title.trim() }, 'seo-filename': { value: item.content.seoFilename.trim() } } };
  return api.request({ method: 'POST', path: creationPath({ ...target, stencil }), body, response: 'assetVersionKey' });
}

export interface CreationCallbacks {
  /** An item's new status and, on success, the asset it became; the caller keeps these, so that a retry resumes. */
  onItem: (key: string, change: Pick<GalleryItem, 'status' | 'asset'>) => void;
  /** An upload's progress, 0 to 100 (spec 000 §4), while its file is sent. */
  onProgress?: (key: string, percent: number) => void;
}

export type ImagesResult = { failed: number };

/**
 * Spec 001 §4: the images are created one by one, in gallery order. An item that already is an asset (a chosen
 * image asset, or one made by an earlier attempt) is not made again, so Try again resumes without duplicates. A
 * failure is logged only (§8) and marks the item failed.
 */
export async function createImages(api: ApiClient, input: { items: readonly GalleryItem[]; target: GalleryTarget; tagging: ImageTagging } & CreationCallbacks): Promise<ImagesResult> {
  const { items, target, tagging, ...callbacks } = input;
  let failed = 0;
  for (const item of items) {
    if (item.asset !== null) {
      if (item.status !== 'success') callbacks.onItem(item.key, { status: 'success', asset: item.asset });
      continue;
    }
    try {
      const asset =
        item.kind === 'upload'
          ? await createUpload(api, { item, target, tagging, onProgress: (percent) => callbacks.onProgress?.(item.key, percent) })
          : item.kind === 'archive'
            ? await createFromArchive(api, { item, target, tagging })
            : null;
      if (asset === null) continue;
      callbacks.onItem(item.key, { status: 'success', asset });
    } catch (error) {
      console.error('An image of the gallery could not be created.', error);
      failed += 1;
      callbacks.onItem(item.key, { status: 'failed', asset: null });
    }
  }
  return { failed };
}

/** The gallery's content: the title, the images in order (spec 002 §3 reference values), the chosen disciplines and geolocation. */
export function galleryContentOf(draft: Pick<GalleryDraft, 'title' | 'disciplines' | 'geolocation'>, assets: readonly AssetKey[]): Record<string, { value: unknown }> {
  const images: AssetReference[] = assets.map((asset) => ({ id: asset.id, stencil: IMAGE_STENCIL }));
  const content: Record<string, { value: unknown }> = { title: { value: draft.title.trim() } };
  if (images.length > 0) content.images = { value: images };
  if (draft.disciplines.length > 0) content.disciplines = { value: draft.disciplines.map((tag) => ({ id: tag.uuid, stencil: 'discipline' })) };
  return { ...content, ...taggingContentOf(draft) };
}

/** Spec 001 §4: the gallery asset with the title and the made images, in order. */
export function createGalleryAsset(api: ApiClient, draft: GalleryDraft, target: GalleryTarget): Promise<AssetKey> {
  const assets = draft.items.flatMap((item) => (item.asset === null ? [] : [item.asset]));
  return api.request({
    method: 'POST',
    path: creationPath({ ...target, stencil: GALLERY_STENCIL }),
    body: { content: galleryContentOf(draft, assets) },
    response: 'assetVersionKey',
  });
}
