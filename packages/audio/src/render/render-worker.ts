import { parentPort } from 'node:worker_threads';
import type { DemoTrackSpec, RenderedTrack } from '../types.js';
import { renderTrack } from './render-track.js';

/** Messages between renderCatalog (main thread) and a render worker. */
export interface RenderRequest {
  id: number;
  spec: DemoTrackSpec;
}

export type RenderResponse =
  { id: number; ok: true; rendered: RenderedTrack } | { id: number; ok: false; error: string };

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

// One job at a time: the main thread sends the next spec only after this one's answer.
port.on('message', (request: RenderRequest) => {
  renderTrack(request.spec).then(
    (rendered) => {
      const response: RenderResponse = { id: request.id, ok: true, rendered };
      port.postMessage(response, [rendered.wav.buffer as ArrayBuffer, rendered.mp3.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const response: RenderResponse = {
        id: request.id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
      port.postMessage(response);
    },
  );
});
