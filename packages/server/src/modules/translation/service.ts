import type { Kysely } from 'kysely';
import { TRANSLATION_TEXTS, canTranslate, type AvailableAiTranslations } from '@editor/domain';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { parseContent } from '../assets/content.ts';
import type { AssetsService } from '../assets/service.ts';
import type { Actor, LoadedVersion } from '../assets/types.ts';
import { AiUnavailableError, type TextTranslator } from './chatCompletionsTranslator.ts';
import { applyTranslations, collectTranslatableTexts } from './translatableTexts.ts';
import { acquireTranslationLock, releaseTranslationLock, type HeldLock } from './translationLock.ts';

export interface TranslationServiceOptions {
  db: Kysely<DB>;
  assets: AssetsService;
  /** Undefined when no AI endpoint is configured: nothing is offered and nothing can be AI-translated. */
  translator: TextTranslator | undefined;
  /** Every locale of the installation. */
  localizations: readonly string[];
  /** The clock; tests move it. */
  now?: () => Date;
  /** Told why the AI endpoint failed; the user only sees that the service is unavailable. */
  onAiFailure?: (error: AiUnavailableError) => void;
}

const unavailable = () => new HttpError(503, TRANSLATION_TEXTS.aiUnavailable, { code: 'ai-unavailable' });

const mayTranslateInto = (input: { actor: Actor; source: LoadedVersion; locale: string; assets: AssetsService }) =>
  canTranslate({ rights: input.actor.rights, stencil: input.source.stencil, assetSpaces: input.source.spaces, targetLocale: input.locale, installation: input.assets.installation });

export function createTranslationService(options: TranslationServiceOptions) {
  const { db, assets, translator } = options;
  const clock = options.now ?? (() => new Date());

  /**
   * Spec 001 §7, 002 §4: whether the source may be AI-translated by this user at all, and into which of the
   * installation's locales the asset does not have yet. Nothing is offered without a configured AI endpoint.
   */
  async function availableAiTranslations(actor: Actor, key: { id: string; locale: string }): Promise<AvailableAiTranslations> {
    const source = await assets.load(actor, key.id, key.locale);
    if (!translator) return { translatable: false, localizations: [] };
    const translatable = options.localizations.some((locale) => mayTranslateInto({ actor, source, locale, assets }));
    const existing = new Set(source.locales.map((entry) => entry.locale));
    const localizations = options.localizations.filter((locale) => !existing.has(locale) && mayTranslateInto({ actor, source, locale, assets }));
    return { translatable, localizations };
  }

  /**
   * Translates the source's free text into the target locale; everything else is copied as it is. Rich text goes
   * out block by block; a block whose answer broke its numbered tags is translated once more, run by run.
   */
  async function translateContent(source: LoadedVersion, targetLocale: string) {
    if (!translator) throw unavailable();
    const { inputs } = source.stencil;
    const content = parseContent(source.localization.content);
    const translate = async (texts: string[]) =>
      texts.length > 0 ? translator.translate({ texts, sourceLocale: source.localization.locale, targetLocale }) : [];
    const translations = await translate(collectTranslatableTexts(inputs, content));
    const first = applyTranslations(inputs, content, translations);
    if (first.brokenBlocks.length === 0) return first;
    const runTranslations = await translate(first.brokenBlocks.flatMap((block) => block.runs));
    return applyTranslations(inputs, content, translations, { blocks: first.brokenBlocks, translations: runTranslations });
  }

  /**
   * Spec 000 §7, 002 §4 AI translate: the rules of a manual translation, under a lock per asset and target locale
   * that every instance sees. The new version needs confirmation and names the inputs the AI wrote. The lock is
   * released whatever happens (spec 002 §4: "On AI failure the translation lock is released").
   */
  async function aiTranslate(actor: Actor, key: { id: string; locale: string }, reference: string): Promise<LoadedVersion> {
    if (!translator) throw unavailable();
    let lock: HeldLock | undefined;
    try {
      return await assets.translate(actor, key, reference, {
        action: `ai-translate:${reference}`,
        make: async (source) => {
          lock = await acquireTranslationLock(db, { assetId: key.id, locale: key.locale, userName: actor.identity.name, now: clock() });
          if (!lock) throw new HttpError(409, `An AI translation into ${key.locale} is already running for this asset.`, { code: 'translation-locked' });
          const translated = await translateContent(source, key.locale);
          return { content: translated.content, meta: { aiTranslationNeedsConfirmation: true, aiGeneratedProperties: translated.translatedInputs } };
        },
      });
    } catch (error) {
      if (error instanceof AiUnavailableError) {
        options.onAiFailure?.(error);
        throw unavailable();
      }
      throw error;
    } finally {
      if (lock) await releaseTranslationLock(db, lock);
    }
  }

  return { availableAiTranslations, aiTranslate };
}

export type TranslationService = ReturnType<typeof createTranslationService>;
