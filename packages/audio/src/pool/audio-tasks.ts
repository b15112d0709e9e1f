import { move, transferableSymbol, valueSymbol } from 'piscina';
import {
  encodeDelivery,
  encodeDeliveryFile,
  type DeliveredFile,
  type DeliveryFormat,
  type EncodedDelivery,
} from '../delivery/encode-delivery.js';
import { analyzeSource, type AnalyzeOptions, type IngestResult } from '../ingest/analyze.js';
import { bytesSource, fileSource } from '../ingest/source.js';
import { IngestError } from '../ingest/errors.js';
import { encodeAuditionWav } from '../render/audition-wav.js';
import { renderTrack } from '../render/render-track.js';
import type { DemoTrackSpec, RenderedTrack } from '../types.js';

/** The audio work the pool runs: every decode, resample and encode of the server happens here. */
export type AudioTask =
  | { kind: 'analyze'; bytes: Uint8Array; opts: AnalyzeOptions }
  /** A file the thread reads in chunks (a spooled upload): it never crosses threads whole. */
  | { kind: 'analyzeFile'; file: string; opts: AnalyzeOptions }
  | { kind: 'render'; spec: DemoTrackSpec }
  | { kind: 'deliver'; bytes: Uint8Array; format: DeliveryFormat }
  /** A delivery file made from a file (read in chunks) to a file (written in chunks): nothing crosses threads whole. */
  | { kind: 'deliver'; file: string; out: string; format: DeliveryFormat }
  | { kind: 'audition'; bytes: Uint8Array }
  /** Nothing: starts a thread for the queue after the pool retired one. */
  | { kind: 'noop' };

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  detail?: string | number | null;
  stack?: string;
}

export type AudioTaskResult =
  | { ok: true; kind: 'analyze' | 'analyzeFile'; value: IngestResult }
  | { ok: true; kind: 'render'; value: RenderedTrack }
  | { ok: true; kind: 'deliver'; value: EncodedDelivery | DeliveredFile }
  | { ok: true; kind: 'audition'; value: Uint8Array }
  | { ok: true; kind: 'noop' }
  | { ok: false; error: SerializedError };

/** A result whose big buffers are moved (not copied) back to the main thread (`move` marks it for piscina). */
function moving(result: AudioTaskResult, buffers: ArrayBufferLike[]) {
  return move({
    get [transferableSymbol]() {
      return buffers;
    },
    get [valueSymbol]() {
      return result;
    },
  } as unknown as ArrayBuffer) as unknown as AudioTaskResult;
}

/** Runs one task in a pool thread. Errors are answered as values so IngestError codes survive the trip. */
export async function runAudioTask(task: AudioTask) {
  try {
    switch (task.kind) {
      case 'analyze':
      case 'analyzeFile': {
        const source = task.kind === 'analyze' ? bytesSource(task.bytes) : await fileSource(task.file);
        const value = await analyzeSource(source, task.opts);
        const buffers = [value.previewMp3.buffer, ...(value.auditionWav ? [value.auditionWav.buffer] : [])];
        return moving({ ok: true, kind: task.kind, value }, buffers);
      }
      case 'render': {
        const value = await renderTrack(task.spec);
        const buffers = [value.wav.buffer, value.mp3.buffer, ...(value.audition ? [value.audition.buffer] : [])];
        return moving({ ok: true, kind: 'render', value }, buffers);
      }
      case 'deliver': {
        if ('file' in task) {
          const value = await encodeDeliveryFile(task.file, task.out, task.format);
          return { ok: true, kind: 'deliver', value } satisfies AudioTaskResult;
        }
        const value = await encodeDelivery(task.bytes, task.format);
        return moving({ ok: true, kind: 'deliver', value }, [value.bytes.buffer]);
      }
      case 'audition': {
        const value = await encodeAuditionWav(task.bytes);
        return moving({ ok: true, kind: 'audition', value }, [value.buffer]);
      }
      case 'noop':
        return { ok: true, kind: 'noop' } satisfies AudioTaskResult;
    }
  } catch (error) {
    return { ok: false, error: serializeError(error) } satisfies AudioTaskResult;
  }
}

function serializeError(error: unknown): SerializedError {
  if (error instanceof IngestError) {
    return { name: error.name, message: error.message, code: error.code, detail: error.detail, stack: error.stack };
  }
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}
