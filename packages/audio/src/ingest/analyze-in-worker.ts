import { Worker } from 'node:worker_threads';
import { withoutTsxFlags } from '../render/render-catalog.js';
import type { AnalyzeOptions, IngestResult } from './analyze.js';
import type { AnalyzeRequest, AnalyzeResponse, SerializedError } from './analyze-worker.js';
import { IngestError, isIngestErrorCode } from './errors.js';

const ENTRY = new URL('./analyze-worker-entry.mjs', import.meta.url);

/**
 * analyzeUpload on a worker thread, so the caller's event loop stays free. One worker per call,
 * terminated afterwards. The bytes' ArrayBuffer is transferred to the worker (it is detached
 * here) when the Uint8Array spans all of it; otherwise the bytes are copied. An IngestError
 * thrown in the worker is rethrown here with the same code, detail and message.
 */
export function analyzeUploadInWorker(bytes: Uint8Array, opts: AnalyzeOptions = {}): Promise<IngestResult> {
  const owned =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const payload = owned ? bytes : bytes.slice();
  const worker = new Worker(ENTRY, { execArgv: withoutTsxFlags(process.execArgv) });
  return new Promise<IngestResult>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.once('message', (response: AnalyzeResponse) => {
      settle(() => (response.ok ? resolve(response.result) : reject(deserialize(response.error))));
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`Ingest worker exited with code ${code}`))));
    const request: AnalyzeRequest = { bytes: payload, opts };
    worker.postMessage(request, [payload.buffer as ArrayBuffer]);
  });
}

function deserialize(error: SerializedError): Error {
  if (error.code !== undefined && isIngestErrorCode(error.code)) {
    const e = new IngestError(error.code, error.detail ?? null);
    e.message = error.message;
    return e;
  }
  const e = new Error(error.message);
  e.name = error.name;
  if (error.stack) e.stack = error.stack;
  return e;
}
