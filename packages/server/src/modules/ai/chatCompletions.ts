import { z } from 'zod';
import type { AiConfig } from '../../config.ts';

/** Any failure of the AI endpoint: unreachable, slow, refusing, or answering something unusable. */
export class AiUnavailableError extends Error {}

/** How long one request may take; models answer a full batch or one image well within it. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** A part of a user message: text, or an image as vision input (a data URL or an address). */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user';
  content: string | ContentPart[];
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** Some models wrap a JSON answer in a Markdown code fence despite response_format. */
function withoutCodeFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(content);
  return fenced?.[1] ?? content;
}

/**
 * Asks any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style proxies, Ollama, vLLM, llama.cpp...) for
 * a JSON object and parses it with `answer`. Every failure (unreachable, timeout, an error status, an answer that is
 * not such an object) is an AiUnavailableError; `what` names the expected answer in its message.
 */
export async function requestJsonCompletion<T>(
  config: AiConfig,
  request: { messages: ChatMessage[]; answer: z.ZodType<T>; what: string; timeoutMs?: number | undefined },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({ model: config.model, messages: request.messages, response_format: { type: 'json_object' }, temperature: 0 }),
      signal: AbortSignal.timeout(request.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new AiUnavailableError(`The AI endpoint could not be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new AiUnavailableError(`The AI endpoint answered ${response.status}.`);
  }
  try {
    const completion = completionSchema.parse(await response.json());
    return request.answer.parse(JSON.parse(withoutCodeFence(completion.choices[0]?.message.content ?? '')));
  } catch (error) {
    throw new AiUnavailableError(`The AI endpoint answered something other than ${request.what}.`, { cause: error });
  }
}
