import { ApiError } from './client.ts';

/** A form's messages by field: one per field at most. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** A refused write's messages, sorted to the form fields they name; the rest are about the request as a whole. */
export interface FieldMessages<Field extends string> {
  fields: FieldErrors<Field>;
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

/** A problem a schema found, as zod reports it. */
export interface SchemaIssue {
  path: readonly PropertyKey[];
  code: string;
  message: string;
}

/**
 * What a body's schema (the one the server checks with) found in a form, under the form field each problem's path
 * starts with: the first per field, in the words `messageOf` gives (by default the schema's own). Problems of
 * anything that is not a form field are left out.
 */
export function fieldIssuesOf<Field extends string>(input: {
  issues: readonly SchemaIssue[];
  fields: readonly Field[];
  messageOf?: (issue: SchemaIssue, field: Field) => string;
}): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of input.issues) {
    const field = input.fields.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= input.messageOf ? input.messageOf(issue, field) : issue.message;
  }
  return errors;
}
