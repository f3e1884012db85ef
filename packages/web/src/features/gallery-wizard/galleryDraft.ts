import { seoFilenameOf, type GeodataValue, type InputDefinition, type MediaLibraryItem, type TagSuggestion } from '@editor/domain';
import { titleOfFilename } from '../uploads/uploadEntry.ts';

/** Spec 001 §2.6: the wizard's seven steps and four buckets. */
export const GALLERY_STEPS = ['bucket-selection', 'image-selection', 'media-selection', 'questionnaire', 'overview', 'image-ordering', 'create'] as const;
export type GalleryStep = (typeof GALLERY_STEPS)[number];
export const GALLERY_BUCKETS = ['local-uploads', 'image-assets', 'media-archive', 'empty-gallery'] as const;
export type GalleryBucket = (typeof GALLERY_BUCKETS)[number];

export const BUCKET_LABELS: Record<GalleryBucket, string> = {
  'local-uploads': 'Local uploads',
  'image-assets': 'Image assets',
  'media-archive': 'Media archive',
  'empty-gallery': 'Empty gallery',
};

/** Spec 001 §3: an item waits, fails or succeeds. */
export type ItemStatus = 'pending' | 'failed' | 'success';

/** Spec 001 §3 gallery image upload content (title, seo-filename, credits). */
export interface ItemContent {
  title: string;
  seoFilename: string;
  credits: string;
}

interface ItemBase {
  key: string;
  thumbnail: string | null;
  status: ItemStatus;
  /** The image asset the item is, once made (or from the start, for a chosen image asset). */
  asset: { id: string; localization: string } | null;
}
export interface UploadItem extends ItemBase {
  kind: 'upload';
  file: File;
  content: ItemContent;
}
export interface ArchiveItem extends ItemBase {
  kind: 'archive';
  media: MediaLibraryItem;
  content: ItemContent;
}
export interface AssetItem extends ItemBase {
  kind: 'asset';
  title: string;
}
export type GalleryItem = UploadItem | ArchiveItem | AssetItem;

/**
 * Spec 001 §3 gallery draft: the title, the items in gallery order, the bucket being filled and the gallery's tagging
 * fields (spec 001 §5: disciplines and geolocation always), which the new images get too.
 */
export interface GalleryDraft {
  title: string;
  bucket: GalleryBucket | null;
  items: GalleryItem[];
  disciplines: TagSuggestion[];
  geolocation: GeodataValue | undefined;
}

export const emptyDraft = (): GalleryDraft => ({ title: '', bucket: null, items: [], disciplines: [], geolocation: undefined });

/** The image and image-gallery stencils' geolocation input, as the questionnaire and the Tagging tab show it. */
export const GEOLOCATION_INPUT: InputDefinition = { name: 'geolocation', type: 'geodata', view: { label: 'Geolocation', hint: 'Search a place or enter latitude and longitude.' } };

/** Spec 001 §5: each uploaded file gets a title and seo-filename derived from its file name. */
export function uploadItemOf(file: File, key: string, thumbnail: string | null): UploadItem {
  return { kind: 'upload', key, file, thumbnail, status: 'pending', asset: null, content: { title: titleOfFilename(file.name), seoFilename: seoFilenameOf(file.name), credits: '' } };
}

/** An archive image prefilled from the archive (spec 001 §7): its title, a seo-filename from it; no credits asked (§5). */
export function archiveItemOf(media: MediaLibraryItem, thumbnail: string | null): ArchiveItem {
  const title = media.attributes.title.trim();
  return { kind: 'archive', key: `archive:${media.id}`, media, thumbnail, status: 'pending', asset: null, content: { title, seoFilename: seoFilenameOf(title), credits: '' } };
}

/** Spec 001 §5: title, seo-filename and credits are required; archive images carry no credits. */
export function contentErrorsOf(item: GalleryItem): (keyof ItemContent)[] {
  if (item.kind === 'asset') return [];
  const required: (keyof ItemContent)[] = item.kind === 'upload' ? ['title', 'seoFilename', 'credits'] : ['title', 'seoFilename'];
  return required.filter((field) => item.content[field].trim() === '');
}

/** The questionnaire's toggled fields: credits applied to every new upload (left out for the media archive, §5). */
export interface Questionnaire {
  applyCredits: boolean;
  credits: string;
}

export function questionnaireErrors(questionnaire: Questionnaire): string[] {
  return questionnaire.applyCredits && questionnaire.credits.trim() === '' ? ['credits'] : [];
}

/** Spec 001 §5: when Continue is disabled in a step. */
export function canContinue(step: GalleryStep, draft: GalleryDraft, extra: { questionnaire: Questionnaire; pickedFiles: number; pickedAssets: number; pickedMedia: number }): boolean {
  switch (step) {
    case 'bucket-selection':
      if (draft.bucket === null || draft.title.trim() === '') return false;
      return draft.bucket !== 'local-uploads' || extra.pickedFiles > 0;
    case 'image-selection':
      return extra.pickedAssets > 0;
    case 'media-selection':
      return extra.pickedMedia > 0;
    case 'questionnaire':
      return questionnaireErrors(extra.questionnaire).length === 0;
    case 'overview':
      return draft.items.length > 0 && draft.items.every((item) => contentErrorsOf(item).length === 0);
    case 'image-ordering':
      return draft.items.length > 0;
    case 'create':
      return false;
  }
}

/** Spec 001 §4 gallery bucket flow: the step after the current one. */
export function nextStep(step: GalleryStep, bucket: GalleryBucket | null): GalleryStep {
  switch (step) {
    case 'bucket-selection':
      if (bucket === 'image-assets') return 'image-selection';
      if (bucket === 'media-archive') return 'media-selection';
      if (bucket === 'local-uploads') return 'questionnaire';
      return 'create';
    case 'image-selection':
      return 'image-ordering';
    case 'media-selection':
      return 'questionnaire';
    case 'questionnaire':
      return 'overview';
    case 'overview':
      return 'image-ordering';
    case 'image-ordering':
    case 'create':
      return 'create';
  }
}

/** Spec 001 §4 back rules. */
export function previousStep(step: GalleryStep, draft: GalleryDraft): GalleryStep {
  switch (step) {
    case 'overview':
      return draft.bucket === 'media-archive' && draft.items.length > 0 ? 'media-selection' : 'bucket-selection';
    case 'questionnaire':
      return draft.bucket === 'media-archive' ? 'media-selection' : 'bucket-selection';
    case 'image-ordering':
      return draft.bucket === 'image-assets' ? 'image-selection' : 'overview';
    default:
      return 'bucket-selection';
  }
}

/** The steps a bucket goes through (§4), for the step progress. */
export function stepsOf(bucket: GalleryBucket | null): GalleryStep[] {
  switch (bucket) {
    case 'image-assets':
      return ['bucket-selection', 'image-selection', 'image-ordering', 'create'];
    case 'media-archive':
      return ['bucket-selection', 'media-selection', 'questionnaire', 'overview', 'image-ordering', 'create'];
    case 'local-uploads':
      return ['bucket-selection', 'questionnaire', 'overview', 'image-ordering', 'create'];
    default:
      return ['bucket-selection', 'create'];
  }
}

/** Spec 001 §2.6: the step progress as a count and a percent. */
export function stepProgress(step: GalleryStep, bucket: GalleryBucket | null): { count: string; percent: number } {
  const steps = stepsOf(bucket);
  const index = Math.max(0, steps.indexOf(step));
  return { count: `Step ${index + 1} of ${steps.length}`, percent: Math.round(((index + 1) / steps.length) * 100) };
}

/** Spec 001 §4: creation progress from the pending items: the share that is no longer pending. */
export function creationPercent(items: readonly GalleryItem[]): number {
  if (items.length === 0) return 100;
  const pending = items.filter((item) => item.status === 'pending').length;
  return Math.round(((items.length - pending) / items.length) * 100);
}

/** Moves an item in the gallery order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** Spec 001 §2.6 headings. */
export function headingOf(step: GalleryStep): string {
  if (step === 'bucket-selection') return 'Create Content';
  if (step === 'image-ordering') return 'Sort Image Gallery';
  return 'Create Image Gallery';
}
