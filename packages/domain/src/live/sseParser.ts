/**
 * Reading the live stream (liveEvents.ts) on both sides: the app reads it with fetch, tests and the benchmark with
 * Node's http. Pure: chunks of text in, events out.
 */

/** One event as a stream reader parsed it. */
export interface SseEvent {
  id?: number;
  name: string;
  data: unknown;
}

/**
 * Parses a server-sent event stream (`id:`, `event:`, `data:` lines, comments) as its chunks arrive; answers the
 * complete events of each chunk, their data parsed as JSON.
 */
export function createSseParser(): (chunk: string) => SseEvent[] {
  let pending = '';
  return (chunk) => {
    pending += chunk.replaceAll('\r\n', '\n');
    const events: SseEvent[] = [];
    let end = pending.indexOf('\n\n');
    while (end >= 0) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      end = pending.indexOf('\n\n');
      let id: number | undefined;
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) id = Number(line.slice(4));
        else if (line.startsWith('event: ')) name = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) events.push({ ...(id === undefined ? {} : { id }), name, data: JSON.parse(data.join('\n')) as unknown });
    }
    return events;
  };
}

/** One server-sent event: its id (when it is one a stream resumes after), its name and its JSON on one data line. */
export function sseFrame(event: { name: string; data: unknown; id?: number | undefined }): string {
  // JSON.stringify escapes line breaks inside strings, so the data is one line.
  return `${event.id === undefined ? '' : `id: ${event.id}\n`}event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
