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
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12) throw corrupt('the file is too short for a WAV header');
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
      if (size < 24 || body + 24 > bytes.length) throw corrupt('the ds64 chunk is truncated');
      ds64DataSize = view.getUint32(body + 8, true) + view.getUint32(body + 12, true) * 2 ** 32;
    } else if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) throw corrupt('the fmt chunk is truncated');
      format = parseFormat(view, body, size);
    } else if (id === 'data') {
      if (!format) throw corrupt('the data chunk comes before the fmt chunk');
      let dataBytes = size;
      if (riff !== 'RIFF' && size === UNKNOWN_SIZE && ds64DataSize !== null) dataBytes = ds64DataSize;
      else if (size === UNKNOWN_SIZE) dataBytes = bytes.length - body;
      if (body + dataBytes > bytes.length) {
        throw corrupt(
          `the file is truncated (the data chunk declares ${dataBytes} bytes, ${bytes.length - body} are present)`,
        );
      }
      const frameBytes = (format.bits / 8) * format.channels;
      return { ...format, dataOffset: body, dataBytes, frames: Math.floor(dataBytes / frameBytes) };
    }
    if (size === UNKNOWN_SIZE) break;
    offset = body + size + (size & 1);
  }
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
