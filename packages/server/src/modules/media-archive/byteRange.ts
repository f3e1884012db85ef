/** An inclusive byte range of a file. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header (RFC 9110 §14.1.2) for a file of `size` bytes: one range `bytes=a-b`, `bytes=a-` or the suffix
 * `bytes=-n`. Answers undefined when the whole file is to be sent (no header, another unit, several ranges or a
 * malformed one: a server may ignore those) and 'unsatisfiable' when no byte of the file is in the range (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Number(last);
  return { start, end: Math.min(end, size - 1) };
}
