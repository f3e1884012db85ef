import type { LiveEventName } from '@editor/domain';

/** One server-sent event: its id (when it is one a stream resumes after), its name and its JSON on one data line. */
export function sseFrame(event: { name: LiveEventName; data: unknown; id?: number | undefined }): string {
  // JSON.stringify escapes line breaks inside strings, so the data is one line.
  return `${event.id === undefined ? '' : `id: ${event.id}\n`}event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
