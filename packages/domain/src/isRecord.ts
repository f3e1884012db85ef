/** A plain object read from JSON or a value (not null, not an array): its properties may be looked at. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
