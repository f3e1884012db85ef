import http from 'node:http';
import { createSseParser, type SseEvent } from '@editor/domain';

/** An open stream, its events collected as they come. */
export interface OpenStream {
  events: SseEvent[];
  /** Resolves with the first event (already come or coming) that matches, or rejects after `ms`. */
  waitFor(match: (event: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Whether the stream has ended (the server closed it). */
  isEnded(): boolean;
  close(): void;
}

/** Opens a stream on a connection of its own (closing it closes the connection), its events collected as they come. */
export function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    const waiters = new Set<{ match: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }>();
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
            const waiter = { match, resolve: (event: SseEvent) => (clearTimeout(timer), resolveEvent(event)) };
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
