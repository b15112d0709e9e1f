import { ascii } from './ascii.js';
import { IngestError } from './errors.js';

/**
 * A robust RIFF/WAVE reader for uploads: RIFF, RF64 and BW64 headers (64-bit sizes from `ds64`),
 * PCM 8/16/24/32-bit, IEEE float 32/64-bit, WAVE_FORMAT_EXTENSIBLE, any chunk order after `fmt `
 * (JUNK, LIST, bext… skipped; odd sizes padded), and a data size of 0xFFFFFFFF meaning "to the
 * end" (what streaming writers such as ffmpeg on a pipe produce). Damage is reported as an
 * IngestError('corrupt') with the reason, never as a crash.
 */
export interface WavLayout {
  /** 1 = integer PCM, 3 = IEEE float (after resolving WAVE_FORMAT_EXTENSIBLE). */
  formatTag: number;
  channels: number;
  sampleRate: number;
  /** Bits per sample in the container (e.g. 24 for packed 24-bit). */
  bits: number;
  dataOffset: number;
  dataBytes: number;
  /** Whole sample frames in the data chunk. */
  frames: number;
}

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;
const UNKNOWN_SIZE = 0xffffffff;

/** Reads the header and locates the samples without decoding them. */
export function inspectWav(bytes: Uint8Array): WavLayout {
  return inspectWavHead(bytes, bytes.length) as WavLayout;
}

/**
 * The same for the first bytes of a file of `totalSize` bytes: null when `head` ends before the
 * data chunk starts (read more), the layout otherwise.
 */
export function inspectWavHead(bytes: Uint8Array, totalSize: number): WavLayout | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (totalSize < 12) throw corrupt('the file is too short for a WAV header');
  if (bytes.length < 12) return null;
  const riff = ascii(bytes, 0, 4);
  if ((riff !== 'RIFF' && riff !== 'RF64' && riff !== 'BW64') || ascii(bytes, 8, 4) !== 'WAVE')
    throw corrupt('not a RIFF/WAVE file');

  let ds64DataSize: number | null = null;
  let format: Omit<WavLayout, 'dataOffset' | 'dataBytes' | 'frames'> | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'ds64') {
      if (body + 24 > bytes.length && bytes.length < totalSize) return null;
      if (size < 24 || body + 24 > bytes.length) throw corrupt('the ds64 chunk is truncated');
      ds64DataSize = view.getUint32(body + 8, true) + view.getUint32(body + 12, true) * 2 ** 32;
    } else if (id === 'fmt ') {
      if (body + Math.min(size, 40) > bytes.length && bytes.length < totalSize) return null;
      if (size < 16 || body + 16 > bytes.length) throw corrupt('the fmt chunk is truncated');
      format = parseFormat(view, body, size);
    } else if (id === 'data') {
      if (!format) throw corrupt('the data chunk comes before the fmt chunk');
      let dataBytes = size;
      if (riff !== 'RIFF' && size === UNKNOWN_SIZE && ds64DataSize !== null) dataBytes = ds64DataSize;
      else if (size === UNKNOWN_SIZE) dataBytes = totalSize - body;
      if (body + dataBytes > totalSize) {
        throw corrupt(
          `the file is truncated (the data chunk declares ${dataBytes} bytes, ${totalSize - body} are present)`,
        );
      }
      const frameBytes = (format.bits / 8) * format.channels;
      return { ...format, dataOffset: body, dataBytes, frames: Math.floor(dataBytes / frameBytes) };
    }
    if (size === UNKNOWN_SIZE) break;
    offset = body + size + (size & 1);
  }
  if (bytes.length < totalSize && offset < totalSize) return null;
  throw corrupt(format ? 'there is no data chunk' : 'there is no fmt chunk');
}

function parseFormat(
  view: DataView,
  body: number,
  size: number,
): Omit<WavLayout, 'dataOffset' | 'dataBytes' | 'frames'> {
  let formatTag = view.getUint16(body, true);
  const channels = view.getUint16(body + 2, true);
  const sampleRate = view.getUint32(body + 4, true);
  const blockAlign = view.getUint16(body + 12, true);
  const bits = view.getUint16(body + 14, true);
  if (formatTag === EXTENSIBLE) {
    if (size < 40 || body + 40 > view.byteLength) throw corrupt('the WAVE_FORMAT_EXTENSIBLE header is truncated');
    // The sub-format GUID starts with the plain format tag.
    formatTag = view.getUint16(body + 24, true);
  }
  if (channels < 1) throw corrupt('the fmt chunk declares no channels');
  if (sampleRate < 1) throw corrupt('the fmt chunk declares no sample rate');
  const supported =
    (formatTag === PCM && (bits === 8 || bits === 16 || bits === 24 || bits === 32)) ||
    (formatTag === FLOAT && (bits === 32 || bits === 64));
  if (!supported) {
    throw new IngestError('not_audio', `WAV encoding ${formatTag} with ${bits} bits per sample is not supported`);
  }
  if (blockAlign !== 0 && blockAlign !== (bits / 8) * channels) throw corrupt('the fmt chunk is inconsistent');
  return { formatTag, channels, sampleRate, bits };
}

/** Decodes the samples of an inspected WAV to one Float32Array per channel (floats in [-1, 1)). */
export function decodeWavSamples(bytes: Uint8Array, layout: WavLayout): Float32Array[] {
  const { channels: count, frames, bits, formatTag } = layout;
  const start = bytes.byteOffset + layout.dataOffset;
  const out = Array.from({ length: count }, () => new Float32Array(frames));
  const total = frames * count;
  if (formatTag === PCM && bits === 16 && start % 2 === 0) {
    deinterleave(new Int16Array(bytes.buffer, start, total), out, 1 / 32768);
  } else if (formatTag === FLOAT && bits === 32 && start % 4 === 0) {
    deinterleave(new Float32Array(bytes.buffer, start, total), out, 1);
  } else {
    const view = new DataView(bytes.buffer, start, total * (bits / 8));
    const read = reader(view, formatTag, bits);
    const step = bits / 8;
    for (let i = 0, p = 0; i < frames; i++) {
      for (let c = 0; c < count; c++, p += step) (out[c] as Float32Array)[i] = read(p);
    }
  }
  return out;
}

function deinterleave(src: Int16Array | Float32Array, out: Float32Array[], scale: number): void {
  const count = out.length;
  for (let c = 0; c < count; c++) {
    const dst = out[c] as Float32Array;
    for (let i = 0, j = c; i < dst.length; i++, j += count) dst[i] = (src[j] as number) * scale;
  }
}

function reader(view: DataView, tag: number, bits: number): (p: number) => number {
  if (tag === FLOAT) return bits === 32 ? (p) => view.getFloat32(p, true) : (p) => view.getFloat64(p, true);
  if (bits === 8) return (p) => (view.getUint8(p) - 128) / 128;
  if (bits === 16) return (p) => view.getInt16(p, true) / 32768;
  if (bits === 24)
    return (p) => (view.getUint8(p) | (view.getUint8(p + 1) << 8) | (view.getInt8(p + 2) << 16)) / 8388608;
  return (p) => view.getInt32(p, true) / 2147483648;
}

function corrupt(detail: string): IngestError {
  return new IngestError('corrupt', detail);
}

/**
 * Turns the data chunk of an inspected WAV, arriving in byte chunks of any size, into planar float
 * chunks (floats in [-1, 1)); a partial frame waits for the next chunk.
 */
export class WavChunkDecoder {
  private carry = new Uint8Array(0);
  private readonly frameBytes: number;
  private readonly read: (view: DataView, p: number) => number;

  constructor(private readonly layout: WavLayout) {
    this.frameBytes = (layout.bits / 8) * layout.channels;
    this.read = readerOf(layout.formatTag, layout.bits);
  }

  push(chunk: Uint8Array): Float32Array[] {
    let bytes = chunk;
    if (this.carry.length > 0) {
      bytes = new Uint8Array(this.carry.length + chunk.length);
      bytes.set(this.carry);
      bytes.set(chunk, this.carry.length);
    }
    const frames = Math.floor(bytes.length / this.frameBytes);
    const count = this.layout.channels;
    const out = Array.from({ length: count }, () => new Float32Array(frames));
    const view = new DataView(bytes.buffer, bytes.byteOffset, frames * this.frameBytes);
    const step = this.layout.bits / 8;
    for (let i = 0, p = 0; i < frames; i++) {
      for (let c = 0; c < count; c++, p += step) (out[c] as Float32Array)[i] = this.read(view, p);
    }
    this.carry = bytes.slice(frames * this.frameBytes);
    return out;
  }
}

function readerOf(tag: number, bits: number): (view: DataView, p: number) => number {
  if (tag === FLOAT) return bits === 32 ? (v, p) => v.getFloat32(p, true) : (v, p) => v.getFloat64(p, true);
  if (bits === 8) return (v, p) => (v.getUint8(p) - 128) / 128;
  if (bits === 16) return (v, p) => v.getInt16(p, true) / 32768;
  if (bits === 24) return (v, p) => (v.getUint8(p) | (v.getUint8(p + 1) << 8) | (v.getInt8(p + 2) << 16)) / 8388608;
  return (v, p) => v.getInt32(p, true) / 2147483648;
}
