import { z } from 'zod';
import { bcp47TagOf } from '@editor/domain';
import type { AiConfig } from '../../config.ts';
import { AiUnavailableError, requestJsonCompletion } from '../ai/chatCompletions.ts';

export { AiUnavailableError, REQUEST_TIMEOUT_MS } from '../ai/chatCompletions.ts';

export interface TextTranslator {
  /** The translations of `texts`, one per text in the same order; throws AiUnavailableError on any failure. */
  translate(input: { texts: readonly string[]; sourceLocale: string; targetLocale: string }): Promise<string[]>;
}

/** One request carries at most this many texts and characters, so a long story never becomes one unbounded prompt. */
export const MAX_TEXTS_PER_REQUEST = 50;
export const MAX_CHARS_PER_REQUEST = 12_000;

/** What the user message carries: the texts as a JSON array, with the locales. */
export interface TranslationRequestPayload {
  sourceLocale: string;
  targetLocale: string;
  texts: string[];
}

const INSTRUCTIONS = [
  'You translate editorial content of a media company.',
  'The user message is a JSON object with sourceLocale, targetLocale (BCP 47 locale ids) and texts, an array of strings.',
  'Translate every string of texts from sourceLocale into targetLocale.',
  'Answer with only a JSON object {"translations": [...]}: an array of strings with exactly as many entries as texts, in the same order.',
  'Keep names, numbers, punctuation at the start and end of each string, and any whitespace as they are; do not add explanations.',
  'Strings may contain numbered tags like <1>…</1> and <2/>; keep every such tag exactly, once, around the words it belongs to (it may move with its words).',
].join(' ');

const answerSchema = z.object({ translations: z.array(z.string()) });

/** Splits texts into batches of at most MAX_TEXTS_PER_REQUEST texts and about MAX_CHARS_PER_REQUEST characters. */
export function batchTexts(texts: readonly string[], limits = { texts: MAX_TEXTS_PER_REQUEST, chars: MAX_CHARS_PER_REQUEST }): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts) {
    // A text longer than the limit goes alone: it cannot be split without losing its sense.
    if (current.length > 0 && (current.length >= limits.texts || chars + text.length > limits.chars)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * A translator on any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style proxies, Ollama, vLLM,
 * llama.cpp...). Batches are sent one after another so one asset never floods the endpoint.
 */
export function createChatCompletionsTranslator(config: AiConfig, options: { timeoutMs?: number } = {}): TextTranslator {
  async function translateBatch(texts: string[], locales: { sourceLocale: string; targetLocale: string }): Promise<string[]> {
    // Our worldwide regions (es-LAT) are no BCP 47 regions; the model is told the standard tag (es-419).
    const payload: TranslationRequestPayload = { sourceLocale: bcp47TagOf(locales.sourceLocale), targetLocale: bcp47TagOf(locales.targetLocale), texts };
    const answer = await requestJsonCompletion(config, {
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: JSON.stringify(payload) },
      ],
      answer: answerSchema,
      what: 'a list of translations',
      timeoutMs: options.timeoutMs,
    });
    if (answer.translations.length !== texts.length) {
      throw new AiUnavailableError(`The AI endpoint answered ${answer.translations.length} translations for ${texts.length} texts.`);
    }
    return answer.translations;
  }

  return {
    async translate({ texts, sourceLocale, targetLocale }) {
      const translations: string[] = [];
      for (const batch of batchTexts(texts)) translations.push(...(await translateBatch(batch, { sourceLocale, targetLocale })));
      return translations;
    },
  };
}
