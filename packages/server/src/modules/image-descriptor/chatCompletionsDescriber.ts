import { imageDescriptionSchema, type ImageDescription } from '@editor/domain';
import type { AiConfig } from '../../config.ts';
import { requestJsonCompletion } from '../ai/chatCompletions.ts';

export interface ImageDescriber {
  /** A title, teaser and SEO file name of a JPEG in a language; throws AiUnavailableError on any failure. */
  describe(input: { jpeg: Buffer; langCode: string }): Promise<ImageDescription>;
}

/** What the text part of the user message carries next to the image. */
export interface DescriptionRequestPayload {
  langCode: string;
  language: string;
}

const INSTRUCTIONS = [
  'You describe photos for the editorial content of a media company (sports, music, culture, adventure).',
  'The user message holds one image and a JSON object with langCode (a BCP 47 language id) and language (its English name).',
  'Answer with only a JSON object {"title": "...", "teaser": "...", "seo-filename": "..."}, every text in that language:',
  'title: what the image shows, at most 80 characters; teaser: one or two sentences about it, at most 250 characters;',
  'seo-filename: three to eight words for search engines, lower case, joined by dashes, without a file extension.',
  'Describe only what is visible; do not guess names of people, places or events you cannot read or clearly recognise.',
].join(' ');

/** The English name of a language id ("de" → "German"), for models that know names better than codes. */
function languageName(langCode: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(langCode) ?? langCode;
  } catch {
    return langCode;
  }
}

// Every field must say something; the normalised result is checked again by the service.
const answerSchema = imageDescriptionSchema.extend({
  title: imageDescriptionSchema.shape.title.trim().min(1),
  teaser: imageDescriptionSchema.shape.teaser.trim().min(1),
  'seo-filename': imageDescriptionSchema.shape['seo-filename'].trim().min(1),
});

/** Spec 001 §7 image-descriptor on an OpenAI-compatible chat-completions endpoint with vision input. */
export function createChatCompletionsDescriber(config: AiConfig, options: { timeoutMs?: number } = {}): ImageDescriber {
  return {
    async describe({ jpeg, langCode }) {
      const payload: DescriptionRequestPayload = { langCode, language: languageName(langCode) };
      return requestJsonCompletion(config, {
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          {
            role: 'user',
            content: [
              { type: 'text', text: JSON.stringify(payload) },
              { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
            ],
          },
        ],
        answer: answerSchema,
        what: 'a title, a teaser and an seo-filename',
        timeoutMs: options.timeoutMs,
      });
    },
  };
}
