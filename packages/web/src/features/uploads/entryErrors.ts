import { findInput, SEO_FILENAME_PATTERN, VALIDATION_MESSAGES, validateInput, type InputDefinition } from '@editor/domain';
import type { UploadEntry } from './uploadEntry.ts';

/** The fields of an upload entry and the image stencil's inputs they fill. */
export const UPLOAD_FIELD_INPUTS = { title: 'title', seoFilename: 'seo-filename', credits: 'credits' } as const;
export type UploadField = keyof typeof UPLOAD_FIELD_INPUTS;
export const UPLOAD_FIELDS = Object.keys(UPLOAD_FIELD_INPUTS) as UploadField[];

export type EntryErrors = Partial<Record<UploadField, string>>;

/** Spec 002 §5 text inputs: input is trimmed and empty becomes undefined. */
function textValue(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

function fieldError(input: InputDefinition | undefined, value: string | undefined, name: string): string | undefined {
  return input ? validateInput(input, value, name)[0]?.message : undefined;
}

/**
 * The first error of each field, by the image stencil's own constraints (so the page and the editor agree). The
 * SEO filename must match the pattern of spec 002 §5 whatever the stencil says: it becomes the image's address.
 */
export function entryErrors(entry: Pick<UploadEntry, UploadField>, stencil: { inputs: InputDefinition[] }): EntryErrors {
  const errors: EntryErrors = {};
  for (const field of UPLOAD_FIELDS) {
    const name = UPLOAD_FIELD_INPUTS[field];
    const error = fieldError(findInput(stencil, name), textValue(entry[field]), name);
    if (error) errors[field] = error;
  }
  const seoFilename = textValue(entry.seoFilename);
  if (!errors.seoFilename && seoFilename !== undefined && !SEO_FILENAME_PATTERN.test(seoFilename)) errors.seoFilename = VALIDATION_MESSAGES.pattern;
  return errors;
}

export function hasErrors(errors: EntryErrors): boolean {
  return Object.keys(errors).length > 0;
}
