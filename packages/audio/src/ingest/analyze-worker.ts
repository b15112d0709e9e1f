import { parentPort } from 'node:worker_threads';
import { analyzeUpload, type AnalyzeOptions, type IngestResult } from './analyze.js';
import { IngestError } from './errors.js';

/** Messages between analyzeUploadInWorker (main thread) and the worker. */
export interface AnalyzeRequest {
  bytes: Uint8Array;
  opts: AnalyzeOptions;
}

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  detail?: string | number | null;
  stack?: string;
}

export type AnalyzeResponse = { ok: true; result: IngestResult } | { ok: false; error: SerializedError };

const port = parentPort;
if (!port) throw new Error('analyze-worker must run in a worker thread');

// One request per worker: the main thread terminates it after the answer.
port.once('message', (request: AnalyzeRequest) => {
  analyzeUpload(request.bytes, request.opts).then(
    (result) => {
      const response: AnalyzeResponse = { ok: true, result };
      port.postMessage(response, [result.previewMp3.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const response: AnalyzeResponse = { ok: false, error: serialize(error) };
      port.postMessage(response);
    },
  );
});

function serialize(error: unknown): SerializedError {
  if (error instanceof IngestError) {
    return { name: error.name, message: error.message, code: error.code, detail: error.detail, stack: error.stack };
  }
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}
