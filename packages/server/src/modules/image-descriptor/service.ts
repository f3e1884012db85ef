import sharp from 'sharp';
import type { z } from 'zod';
import { IMAGE_PROVIDER, bcp47TagOf, IMAGE_UPLOAD_MESSAGES, normalizeImageDescription, type ImageDescription, type Rights, type imageDescriptionRequestSchema } from '@editor/domain';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import { AiUnavailableError } from '../ai/chatCompletions.ts';
import { parseContent } from '../assets/content.ts';
import { imageOf } from '../assets/imageOf.ts';
import type { AssetsService } from '../assets/service.ts';
import type { Actor } from '../assets/types.ts';
import type { CloudinaryImages } from '../media/cloudinaryImages.ts';
import type { ImageStore } from '../media/imageStore.ts';
import type { ImageDescriber } from './chatCompletionsDescriber.ts';

/** The width of the JPEG the model sees: enough detail for a description, a small upload (about 100–200 kB). */
export const DESCRIBED_IMAGE_WIDTH = 1024;

type ImageDescriptionRequest = z.infer<typeof imageDescriptionRequestSchema>;

const noImage = (assetId: string) => new HttpError(422, `The asset ${assetId} has no image to describe.`, { code: 'no-image' });
const failed = (reason: string) => new HttpError(502, [IMAGE_UPLOAD_MESSAGES.descriptionFailed, reason], { code: 'ai-failed' });

/** A BCP 47 language id in its canonical spelling ("pt-br" → "pt-BR"); 400 for anything else. */
function canonicalLangCode(langCode: string): string {
  try {
    // A worldwide region of spec 000 §9 (es-LAT) is described in its standard tag (es-419).
    const [canonical] = Intl.getCanonicalLocales(bcp47TagOf(langCode));
    if (canonical) return canonical;
  } catch {
    // Reported below.
  }
  throw badRequest(`langCode: "${langCode}" is not a language id such as "en" or "pt-BR".`);
}

/**
 * Spec 001 §7 image-descriptor: an AI title, teaser and SEO file name of an asset's image, in a language. Reads only:
 * nothing is stored, so a failure changes nothing (the app then adds the image without a description).
 */
export function createImageDescriptorService(options: {
  assets: AssetsService;
  images: ImageStore;
  /** The Cloudinary account whose images the app shows, when one is configured; the store's otherwise. */
  account?: CloudinaryImages | undefined;
  describer: ImageDescriber | undefined;
  /** Whether an image was uploaded for this asset (the upload's context named it), so it may be described before a save. */
  isUploadOfAsset: (input: { referenceId: string; assetId: string }) => Promise<boolean>;
  /** Whether the media archive holds an image the user may see (one an editor adds through Add media). */
  isVisibleArchiveImage?: ((input: { referenceId: string; rights: Rights }) => Promise<boolean>) | undefined;
  onAiFailure?: (error: AiUnavailableError) => void;
}) {
  const { assets, images, account, describer } = options;

  /** The asset as the user may read it; one outside their spaces is as unknown as a missing one (the assets service's 404). */
  const readableVersion = (actor: Actor, assetId: string, langCode: string) => assets.mostRelevant(actor, assetId, langCode);

  /**
   * The image as a JPEG of the described width (smaller originals keep their size): the account's rendition of that
   * width, or the store's cached rendition of the next size step up, which a cheap resize brings to the exact width.
   */
  async function jpegOf(assetId: string, referenceId: string): Promise<Buffer> {
    try {
      const source = account
        ? await account.jpegOf(referenceId, DESCRIBED_IMAGE_WIDTH)
        : (await images.renderImage({ referenceId, width: DESCRIBED_IMAGE_WIDTH, format: 'jpg' })).file;
      return await sharp(source).resize({ width: DESCRIBED_IMAGE_WIDTH, withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw noImage(assetId);
      throw error;
    }
  }

  /**
   * The image to describe: the one named, when it is the asset's image, was uploaded for the asset (a new file is
   * described right after its upload, before the editor saves it) or is an archive image the user may see; else the
   * asset's image. Anything else is 404, so the call cannot read an image the user has no business with.
   */
  async function describedImageOf(actor: Actor, version: Awaited<ReturnType<typeof readableVersion>>, request: ImageDescriptionRequest): Promise<string> {
    const media = imageOf(version.stencil, parseContent(version.localization.content));
    const saved = media?.provider === IMAGE_PROVIDER ? media.referenceId : undefined;
    const named = request.referenceId;
    if (named === undefined || named === saved) {
      if (saved === undefined) throw noImage(request.assetId);
      return saved;
    }
    if (await options.isUploadOfAsset({ referenceId: named, assetId: version.localization.asset_id })) return named;
    // Spec 002 §4: an archive image chosen through Add media is described like an upload.
    if (await options.isVisibleArchiveImage?.({ referenceId: named, rights: actor.rights })) return named;
    throw notFound(`No image ${named} of the asset ${request.assetId}.`);
  }

  async function describeAssetImage(actor: Actor, request: ImageDescriptionRequest): Promise<ImageDescription> {
    if (!describer) throw new HttpError(503, 'AI image descriptions are not available: no AI endpoint is configured.', { code: 'ai-unavailable' });
    const langCode = canonicalLangCode(request.langCode);
    const version = await readableVersion(actor, request.assetId, langCode);
    // The description only fills the asset's title, teaser and file name: it is for those who may edit the asset.
    assets.authorize(actor, version, { link: 'self', method: 'PUT', refusal: 'You may not edit this asset, so its image is not described for you.' });
    const jpeg = await jpegOf(request.assetId, await describedImageOf(actor, version, request));
    let description: ImageDescription;
    try {
      description = normalizeImageDescription(await describer.describe({ jpeg, langCode }));
    } catch (error) {
      if (!(error instanceof AiUnavailableError)) throw error;
      options.onAiFailure?.(error);
      throw failed(error.message);
    }
    // "Title." normalises to "Title", but "..." or "!!" to nothing: no use to an editor.
    const empty = (['title', 'teaser', 'seo-filename'] as const).filter((field) => description[field] === '');
    if (empty.length > 0) throw failed(`The AI endpoint answered an empty ${empty.join(' and ')}.`);
    return description;
  }

  return { describeAssetImage };
}

export type ImageDescriptorService = ReturnType<typeof createImageDescriptorService>;
