/**
 * Integers read as one comma-joined text (`group_concat` of an integer column): tens of thousands of them cross from
 * SQLite in a fraction of the time of as many rows. A column whose name ends in `JOINED_INTEGERS_SUFFIX` is handed
 * over by SQLite's readers (`sqliteReaders.ts`) already parsed, on the reader's thread, as a `Float64Array` whose
 * memory moves to the server's thread instead of being copied; read on the server's own connection it is the text.
 */
export const JOINED_INTEGERS_SUFFIX = '__integers';

/**
 * The integers of a comma-joined text, in order; none for '' or null. A plain function with no references outside
 * itself: the readers' worker runs its source (`sqliteReaders.ts`).
 */
export function parseJoinedIntegers(joined: string | null): Float64Array {
  const text = joined ?? '';
  // At most one integer per two characters, the last with no comma after it.
  const integers = new Float64Array((text.length >> 1) + 1);
  let count = 0;
  let number = 0;
  let hasDigits = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 44) {
      if (hasDigits) integers[count++] = number;
      number = 0;
      hasDigits = false;
    } else {
      number = number * 10 + (code - 48);
      hasDigits = true;
    }
  }
  if (hasDigits) integers[count++] = number;
  return integers.subarray(0, count);
}

/** A joined-integers column as it arrives: parsed by a reader, or the text from the server's own connection. */
export const joinedIntegersOf = (value: Float64Array | string | null | undefined): Float64Array =>
  value instanceof Float64Array ? value : parseJoinedIntegers(value ?? null);
