import type { BulkPatchLocaleResult, BulkPatchResponse } from '@editor/domain';
import { HttpError } from '../../http/errors.ts';
import { normaliseContent, type ContentPayload } from '../assets/content.ts';
import type { AssetsService } from '../assets/service.ts';
import type { Actor } from '../assets/types.ts';
import type { PublishingService } from '../publishing/service.ts';

export interface BulkEditServiceOptions {
  assets: AssetsService;
  publishing: PublishingService;
}

const failed = (step: 'save' | 'publish', error: HttpError): BulkPatchLocaleResult => ({ updateStatus: 'error', error: step, messages: error.messages });

export function createBulkEditService(options: BulkEditServiceOptions) {
  const { assets, publishing } = options;

  /**
   * Checks the values against the asset's stencil once, before any locale is written: an unknown input or a value
   * of the wrong shape refuses the whole request with 400, as a single save would. An asset the user may not read is
   * 404 like an unknown one, before its stencil is looked at.
   */
  async function requireValidContent(actor: Actor, id: string, content: ContentPayload): Promise<void> {
    const version = await assets.mostRelevant(actor, id, actor.rights.localizations[0] ?? 'en');
    normaliseContent(version.stencil, content);
  }

  /** One locale: the patch with the rights and concurrency rules of a single save, then the publish when asked. */
  async function patchLocale(actor: Actor, key: { id: string; locale: string }, input: { content: ContentPayload; publish: boolean }): Promise<BulkPatchLocaleResult> {
    try {
      await assets.patchVersion(actor, key, { content: input.content, ifMatch: undefined });
    } catch (error) {
      if (error instanceof HttpError) return failed('save', error);
      throw error;
    }
    if (!input.publish) return { updateStatus: 'save-success', messages: [] };
    try {
      await publishing.publish(actor, key, {});
      return { updateStatus: 'save-and-publish-success', messages: [] };
    } catch (error) {
      // The save stands: that is what "Changes could be saved, but not published." tells the user.
      if (error instanceof HttpError) return failed('publish', error);
      throw error;
    }
  }

  /**
   * Spec 002 §4, §7 bulk patch and publish: the same values into each named locale, each locale on its own, so a
   * locale that fails never touches another. Locales run one after another to keep the load of one request small.
   */
  async function bulkPatch(actor: Actor, id: string, input: { locales: string[]; content: ContentPayload; publish: boolean }): Promise<BulkPatchResponse> {
    await requireValidContent(actor, id, input.content);
    const data: Record<string, BulkPatchLocaleResult> = {};
    for (const locale of new Set(input.locales)) data[locale] = await patchLocale(actor, { id, locale }, input);
    return { data };
  }

  return { bulkPatch };
}

export type BulkEditService = ReturnType<typeof createBulkEditService>;
