/**
 * Spec 000 §5: a field is empty when it is undefined, null, an empty string, NaN, or an array with no defined
 * entries. A null entry counts as not defined: JSON turns an undefined list entry into null.
 */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.every((entry) => entry === undefined || entry === null);
  return false;
}
