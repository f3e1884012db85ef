import type { AssetVersion, AvailableAiTranslations } from '@editor/domain';
import { ApiError, type ApiClient } from '../../api/client.ts';
import { aiTranslationsPath, assetVersionPath, availableAiTranslationsPath } from '../../api/paths.ts';

export type TranslationMode = 'manual' | 'ai';

/** One translation of an asset from the open locale into another. */
export interface TranslationRequest {
  id: string;
  source: string;
  target: string;
  mode: TranslationMode;
}

/** What the server answers without a configured AI service: nothing to offer. */
export const NO_AI_TRANSLATIONS: AvailableAiTranslations = { translatable: false, localizations: [] };

/** Spec 001 §7, 002 §7: whether the source may be AI-translated and into which locales. */
export function fetchAvailableAiTranslations(api: ApiClient, key: { id: string; sourceLocale: string }, signal?: AbortSignal): Promise<AvailableAiTranslations> {
  return api.request({ path: availableAiTranslationsPath(key.id, key.sourceLocale), response: 'availableAiTranslations', signal });
}

/**
 * Spec 000 §7 translate (`POST .../localizations/{target}` with id, empty params and the source as reference) or
 * AI translate (`POST .../ai-translations?reference={source}` with the id). Both answer the new version.
 */
export function translateAsset(api: ApiClient, request: TranslationRequest): Promise<AssetVersion> {
  if (request.mode === 'ai') {
    return api.request({
      method: 'POST',
      path: `${aiTranslationsPath(request.id, request.target)}?reference=${encodeURIComponent(request.source)}`,
      body: { id: request.id },
      response: 'assetVersion',
    });
  }
  return api.request({
    method: 'POST',
    path: assetVersionPath(request.id, request.target),
    body: { id: request.id, params: {}, reference: request.source },
    response: 'assetVersion',
  });
}

export type TranslationFailure = 'locale-exists' | 'not-found' | 'forbidden' | 'other';

/** Which of the spec's failure paths an error of a translate call takes (spec 002 §4, §8). */
export function translationFailureOf(error: unknown): TranslationFailure {
  if (!(error instanceof ApiError)) return 'other';
  // A 409 without this code is an AI translation into the locale that is still running: a failure like any other.
  if (error.status === 409 && error.code === 'locale-exists') return 'locale-exists';
  if (error.status === 404) return 'not-found';
  if (error.status === 403) return 'forbidden';
  return 'other';
}
