import { parentPort } from 'node:worker_threads';
import type { StaticMapQuery } from '@editor/domain';
import { lowerThreadPriority } from '../../ops/threadPriority.ts';
import { createMapDrawer } from './mapDrawer.ts';

/** A map to draw, numbered by the pool so that a late answer of a replaced worker is recognised. */
export interface DrawRequest {
  id: number;
  query: StaticMapQuery;
}

/** The PNG of a map, or why it could not be drawn. */
export type DrawReply = { id: number; png: Uint8Array } | { id: number; error: string };

/*
 * The map worker (started by `staticMaps.ts`): it owns the world's outlines and draws one map at a time, so that the
 * projection, the SVG and the PNG encoding never hold the server's event loop.
 */
const port = parentPort;
if (!port) throw new Error('mapWorker.ts runs as a worker thread');
// Maps are drawn in the time the event loop leaves over, so that many of them never slow the editors' calls.
lowerThreadPriority();
const draw = createMapDrawer();
port.on('message', (request: DrawRequest) => {
  draw(request.query).then(
    (png) => port.postMessage({ id: request.id, png } satisfies DrawReply),
    (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies DrawReply),
  );
});
