import { z } from 'zod';
import type { AiConfig } from '../../config.ts';

/** Any failure of the AI endpoint: unreachable, slow, refusing, or answering something unusable. */
export class AiUnavailableError extends Error {}

export interface TextTranslator {
  /** The translations of `texts`, one per text in the same order; throws AiUnavailableError on any failure. */
  translate(input: { texts: readonly string[]; sourceLocale: string; targetLocale: string }): Promise<string[]>;
}

/** One request carries at most this many texts and characters, so a long story never becomes one unbounded prompt. */
export const MAX_TEXTS_PER_REQUEST = 50;
export const MAX_CHARS_PER_REQUEST = 12_000;
/** How long one request may take; models answer a full batch well within it. */
export const REQUEST_TIMEOUT_MS = 60_000;

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

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});
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

/** Some models wrap a JSON answer in a Markdown code fence despite response_format. */
function withoutCodeFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(content);
  return fenced?.[1] ?? content;
}

/**
 * A translator on any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style proxies, Ollama, vLLM,
 * llama.cpp...). Batches are sent one after another so one asset never floods the endpoint.
 */
export function createChatCompletionsTranslator(config: AiConfig, options: { timeoutMs?: number } = {}): TextTranslator {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function translateBatch(texts: string[], locales: { sourceLocale: string; targetLocale: string }): Promise<string[]> {
    const payload: TranslationRequestPayload = { ...locales, texts };
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
        body: JSON.stringify({
          model: config.model,
          messages: [
            { role: 'system', content: INSTRUCTIONS },
            { role: 'user', content: JSON.stringify(payload) },
          ],
          response_format: { type: 'json_object' },
          temperature: 0,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new AiUnavailableError(`The AI endpoint could not be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new AiUnavailableError(`The AI endpoint answered ${response.status}.`);
    }
    let answer: z.infer<typeof answerSchema>;
    try {
      const completion = completionSchema.parse(await response.json());
      answer = answerSchema.parse(JSON.parse(withoutCodeFence(completion.choices[0]?.message.content ?? '')));
    } catch (error) {
      throw new AiUnavailableError('The AI endpoint answered something other than a list of translations.', { cause: error });
    }
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
