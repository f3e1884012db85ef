import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { LIVE_PATH, createSseParser, type LiveAssetEvent } from '@editor/domain';

/**
 * The live bench's open editors on a thread of their own (liveUpdates.ts): 200 streams read here do not hold up the
 * main thread, whose save timings would otherwise include the time it spent reading events. Each editor's stream is
 * opened again after the last event it saw when the server ends it (every 5 minutes), as the app does. It posts
 * 'ready' once every stream has said hello, and on 'stop' closes them and posts every arrival of an event of the
 * editor's own story: the save's key (asset and version), the editor, and the time (epoch ms, comparable across threads).
 */

export interface StreamEditor {
  index: number;
  authorization: string;
  storyId: string;
}

export interface Arrival {
  key: string;
  editor: number;
  at: number;
}

const { url, editors } = workerData as { url: string; editors: StreamEditor[] };
const arrivals: Arrival[] = [];
const closers: Array<() => void> = [];

function openStream(editor: StreamEditor): Promise<void> {
  let lastEventId: number | undefined;
  let isClosed = false;
  let current: http.ClientRequest | undefined;
  closers.push(() => {
    isClosed = true;
    current?.destroy();
  });
  return new Promise((resolve, reject) => {
    const open = () => {
      const headers: Record<string, string> = { authorization: editor.authorization, accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) };
      current = http.get(new URL(LIVE_PATH, url), { agent: false, headers }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`the stream answered ${response.statusCode}`));
        const parse = createSseParser();
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.timeOrigin + performance.now();
          for (const event of parse(chunk)) {
            if (event.id !== undefined) lastEventId = event.id;
            if (event.name === 'hello') resolve();
            if (event.name !== 'asset') continue;
            const data = event.data as LiveAssetEvent;
            if (data.assetId !== editor.storyId) continue;
            for (const change of data.changes) arrivals.push({ key: `${data.assetId}:${change.version}`, editor: editor.index, at });
          }
        });
        response.on('end', () => {
          if (!isClosed) open();
        });
      });
      current.on('error', (error) => {
        if (!isClosed) reject(error);
      });
    };
    open();
  });
}

await Promise.all(editors.map(openStream));
// oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
parentPort?.postMessage({ type: 'ready' });
parentPort?.on('message', (message: { type: string }) => {
  if (message.type !== 'stop') return;
  for (const close of closers) close();
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
  parentPort?.postMessage({ type: 'arrivals', arrivals });
});
