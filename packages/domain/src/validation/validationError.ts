import { z } from 'zod';

/**
 * One broken rule: where (input names and list indexes joined by dots, e.g. `facts.1.fact-title`) and the message
 * to show there.
 */
export const validationErrorSchema = z.strictObject({ path: z.string(), message: z.string() });
export type ValidationError = z.infer<typeof validationErrorSchema>;

function isWithin(path: string, prefix: string): boolean {
  return prefix === '' || path === prefix || path.startsWith(`${prefix}.`);
}

/**
 * Spec 000 §5: the error count of a field; a container's count adds the errors of its children (every error at or
 * below `pathPrefix`). An empty prefix counts all errors.
 */
export function countErrors(errors: readonly ValidationError[], pathPrefix: string): number {
  return errors.filter((error) => isWithin(error.path, pathPrefix)).length;
}

/** Spec 000 §5: errors grouped by the top-level input they belong to (the first segment of the path). */
export function errorsByInput(errors: readonly ValidationError[]): Record<string, ValidationError[]> {
  const groups: Record<string, ValidationError[]> = {};
  for (const error of errors) {
    const [name = ''] = error.path.split('.', 1);
    (groups[name] ??= []).push(error);
  }
  return groups;
}
