import { isRecord } from '@editor/domain';

const MAX_LENGTH = 120;

function shorten(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > MAX_LENGTH ? `${single.slice(0, MAX_LENGTH - 1)}…` : single;
}

function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** A one-line summary of any content value, for showing two versions side by side. */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'string') return shorten(textOf(value)) || '(empty)';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '(empty)';
    const first = describeValue(value[0]);
    return value.length === 1 ? first : `${value.length} items: ${first}, …`;
  }
  if (isRecord(value)) {
    if (typeof value.date === 'string') return value.date;
    if (typeof value.id === 'string' && typeof value.stencil === 'string') return `${value.stencil} ${value.id}`;
    if (typeof value.referenceId === 'string') return `${String(value.provider ?? '')} ${value.referenceId}`.trim();
    if ('type' in value && 'value' in value) return `${String(value.type)}: ${describeValue(value.value)}`;
    return shorten(JSON.stringify(value));
  }
  return String(value);
}
