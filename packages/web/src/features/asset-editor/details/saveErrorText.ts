import { describeError } from '../../../ui/describeError.ts';

/** Spec 002 §8: an embargo or spaces save failure shows the first server message upper-cased under the field. */
export function saveErrorText(error: unknown): string {
  return describeError(error).message.toUpperCase();
}
