import http from 'node:http';

/** One event as a stream reader parsed it. */
export interface ReadEvent {
  id?: number;
  name: string;
  data: unknown;
}

/**
 * Parses a server-sent event stream (the frames `sseFrame` writes: `id:`, `event:`, one `data:` line, comments) as its
 * chunks arrive; answers the complete events of each chunk. Tests and the benchmark read streams with it.
 */
export function createSseParser(): (chunk: string) => ReadEvent[] {
  let pending = '';
  return (chunk) => {
    pending += chunk.replaceAll('\r\n', '\n');
    const events: ReadEvent[] = [];
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

/** An open stream, its events collected as they come. */
export interface OpenStream {
  events: ReadEvent[];
  /** Resolves with the first event (already come or coming) that matches, or rejects after `ms`. */
  waitFor(match: (event: ReadEvent) => boolean, ms?: number): Promise<ReadEvent>;
  /** Whether the stream has ended (the server closed it). */
  isEnded(): boolean;
  close(): void;
}

/** Opens a stream on a connection of its own (closing it closes the connection), its events collected as they come. */
export function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const events: ReadEvent[] = [];
    const waiters = new Set<{ match: (event: ReadEvent) => boolean; resolve: (event: ReadEvent) => void }>();
    const parse = createSseParser();
    let isEnded = false;
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => reject(new Error(`stream refused: ${response.statusCode} ${body}`)));
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        for (const event of parse(chunk)) {
          events.push(event);
          for (const waiter of waiters) {
            if (!waiter.match(event)) continue;
            waiters.delete(waiter);
            waiter.resolve(event);
          }
        }
      });
      response.on('close', () => {
        isEnded = true;
      });
      resolve({
        events,
        isEnded: () => isEnded,
        waitFor: (match, ms = 5000) => {
          const found = events.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((resolveEvent, rejectEvent) => {
            const waiter = { match, resolve: (event: ReadEvent) => (clearTimeout(timer), resolveEvent(event)) };
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              rejectEvent(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
            }, ms);
            waiters.add(waiter);
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', (error) => {
      if (!isEnded) reject(error);
    });
  });
}
