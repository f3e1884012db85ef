import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { validateContent, type PreviewFormat, type PreviewResponse, type PreviewView } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { normaliseContent, parseContent, type ContentPayload } from '../assets/content.ts';
import { cardImageUrlOf, imageOf } from '../assets/imageOf.ts';
import type { ImageDelivery } from '../media/imageDelivery.ts';
import type { AssetsService } from '../assets/service.ts';
import type { Actor } from '../assets/types.ts';
import { buildPreviewModel, referencesIn, type PreviewModel, type ReferencedAsset } from './previewModel.ts';
import { deleteExpiredPreviews, findLivePreview, insertPreview } from './repository.ts';
import { renderPreview } from './page/renderPreview.tsx';

/** How long a preview's links work: long enough for the frame to load, short enough to keep the table small. */
export const PREVIEW_TTL_MS = 15 * 60 * 1000;

export const PREVIEW_PATH = '/preview';

export const previewLinks = (token: string) => ({ page: `${PREVIEW_PATH}/${token}/page`, featureCard: `${PREVIEW_PATH}/${token}/feature-card` });

export function createPreviewService(options: { db: Kysely<DB>; assets: AssetsService; delivery: ImageDelivery; ttlMs?: number }) {
  const { db, assets, delivery } = options;
  const ttlMs = options.ttlMs ?? PREVIEW_TTL_MS;

  /** The referenced assets as this user may see them; one they may not read or that is gone shows as unavailable. */
  async function lookUp(actor: Actor, references: ReadonlyArray<{ id: string }>, locale: string): Promise<Map<string, ReferencedAsset>> {
    const found = new Map<string, ReferencedAsset>();
    for (const reference of references) {
      try {
        const version = await assets.mostRelevant(actor, reference.id, locale);
        const media = imageOf(version.stencil, parseContent(version.localization.content));
        found.set(reference.id, {
          title: version.localization.title,
          stencilLabel: version.stencil.label,
          imageUrl: media ? cardImageUrlOf(media, delivery) : undefined,
        });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
      }
    }
    return found;
  }

  /**
   * Spec 000 §7 `POST {preview link}`: stores a preview of the unsaved content. With `validate`, content that breaks
   * the stencil's rules is refused with 422 and the errors (spec 002 §8 the asset "is showing an error").
   */
  async function createPreview(actor: Actor, key: { id: string; locale: string }, input: { content: ContentPayload; validate: boolean }): Promise<PreviewResponse> {
    const version = await assets.load(actor, key.id, key.locale);
    assets.authorize(actor, version, { link: 'p:preview', method: 'POST', refusal: 'You may not preview this asset.' });
    const content = normaliseContent(version.stencil, input.content);
    if (input.validate) {
      const values = Object.fromEntries(Object.entries(content).map(([name, stored]) => [name, stored.value]));
      const errors = validateContent(version.stencil, values);
      if (errors.length > 0) {
        throw new HttpError(422, errors.map((error) => `${error.path}: ${error.message}`), { code: 'validation-failed', extra: { errors } });
      }
    }
    const referenced = await lookUp(actor, referencesIn(version.stencil, content), key.locale);
    const model = buildPreviewModel({ stencil: version.stencil, content, locale: key.locale, assets: referenced, delivery });
    const token = crypto.randomBytes(24).toString('base64url');
    const now = new Date();
    await deleteExpiredPreviews(db, now.toISOString());
    await insertPreview(db, {
      token,
      asset_id: key.id,
      locale: key.locale,
      model: JSON.stringify(model),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    });
    return { token, links: previewLinks(token) };
  }

  /** The HTML document of a stored preview; 404 once it expired or for a token never given. */
  async function renderStored(token: string, request: { view: PreviewView; format: PreviewFormat; skipTracking: boolean }): Promise<string> {
    const row = await findLivePreview(db, token, new Date().toISOString());
    if (!row) throw notFound('This preview does not exist or has expired.');
    return renderPreview({ model: JSON.parse(row.model) as PreviewModel, ...request });
  }

  return { createPreview, renderStored };
}

export type PreviewService = ReturnType<typeof createPreviewService>;
