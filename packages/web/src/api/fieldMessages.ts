import { ApiError } from './client.ts';

/** A refused write's messages, sorted to the form fields they name; the rest are about the request as a whole. */
export interface FieldMessages<Field extends string> {
  fields: Partial<Record<Field, string>>;
  general: string[];
}

/** `url: ...`, `spaces.0: ...`: the server names the body field a message is about before a colon (spec 000 §8). */
const FIELD_MESSAGE = /^([A-Za-z][\w-]*)(?:\.[\w.-]+)?: (.+)$/s;

/**
 * The messages of a failed call, each under the form field it names when the form has that field (the first message
 * per field, without the name: it often starts with the value it is about), the others as they came. A failure without
 * an error body is one general message.
 */
export function fieldMessagesOf<Field extends string>(error: unknown, fields: readonly Field[]): FieldMessages<Field> {
  const result: FieldMessages<Field> = { fields: {}, general: [] };
  const messages = error instanceof ApiError ? error.messages : [];
  if (messages.length === 0) return { ...result, general: [error instanceof Error ? error.message : String(error)] };
  for (const message of messages) {
    const match = FIELD_MESSAGE.exec(message);
    const field = fields.find((name) => name === match?.[1]);
    if (field && match?.[2] !== undefined) result.fields[field] ??= match[2];
    else result.general.push(message);
  }
  return result;
}
