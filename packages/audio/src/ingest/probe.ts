import { ascii } from './ascii.js';
import { inspectMp3 } from './mp3-ingest.js';
import { id3v2Length, type AudioFormat } from './sniff.js';
import { inspectWav } from './wav-decode.js';

/** What a file's header says about its audio, read before decoding anything. */
export interface AudioHeader {
  sampleRate: number;
  channels: number;
  /** Null when the header does not say (a streamed file). */
  durationS: number | null;
  /** Bits per sample of a lossless source (FLAC, AIFF, WAV), when the header says. */
  bitsPerSample?: number;
}

/**
 * Reads the stream parameters from the header of a WAV (fmt/data), MP3 (frame walk), FLAC
 * (STREAMINFO), AIFF (COMM) or OGG (Vorbis, Opus or FLAC identification header; duration from
 * the last page), so that limits can be checked before a long or huge file is decoded.
 * WAV and MP3 damage throws IngestError('corrupt'); for the other formats an unreadable header
 * gives null and ffmpeg has the last word.
 */
export function probeHeader(bytes: Uint8Array, format: AudioFormat, tail: Uint8Array = bytes): AudioHeader | null {
  switch (format) {
    case 'wav': {
      const layout = inspectWav(bytes);
      return {
        sampleRate: layout.sampleRate,
        channels: layout.channels,
        durationS: layout.frames / layout.sampleRate,
        bitsPerSample: layout.bits,
      };
    }
    case 'mp3':
      return inspectMp3(bytes);
    case 'flac':
      return flacHeader(bytes, id3v2Length(bytes));
    case 'aiff':
      return aiffHeader(bytes);
    case 'ogg':
      return oggHeader(bytes, tail);
  }
}

/** STREAMINFO, the first metadata block after "fLaC" (at `offset`). */
function flacHeader(bytes: Uint8Array, offset: number): AudioHeader | null {
  const b = (i: number): number => bytes[offset + i] ?? 0;
  if (offset + 26 > bytes.length || ascii(bytes, offset, 4) !== 'fLaC' || (b(4) & 0x7f) !== 0) return null;
  const sampleRate = (b(18) << 12) | (b(19) << 4) | (b(20) >> 4);
  const channels = ((b(20) >> 1) & 7) + 1;
  // 36 bits of total samples (0 = unknown).
  const samples = (b(21) & 0x0f) * 2 ** 32 + (((b(22) << 24) >>> 0) + ((b(23) << 16) | (b(24) << 8) | b(25)));
  const bitsPerSample = (((b(20) & 1) << 4) | (b(21) >> 4)) + 1;
  if (sampleRate === 0) return null;
  return { sampleRate, channels, durationS: samples > 0 ? samples / sampleRate : null, bitsPerSample };
}

/** The COMM chunk of an AIFF/AIFC file. */
function aiffHeader(bytes: Uint8Array): AudioHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, false);
    if (id === 'COMM') {
      if (offset + 8 + 18 > bytes.length) return null;
      const channels = view.getUint16(offset + 8, false);
      const frames = view.getUint32(offset + 10, false);
      const bitsPerSample = view.getUint16(offset + 14, false);
      const sampleRate = Math.round(extended(view, offset + 16));
      if (!(sampleRate > 0) || channels < 1) return null;
      return { sampleRate, channels, durationS: frames / sampleRate, bitsPerSample };
    }
    offset += 8 + size + (size & 1);
  }
  return null;
}

/** An 80-bit IEEE 754 extended-precision number (big-endian), as AIFF stores its sample rate. */
function extended(view: DataView, offset: number): number {
  const exponent = view.getUint16(offset, false);
  const hi = view.getUint32(offset + 2, false);
  const lo = view.getUint32(offset + 6, false);
  const sign = exponent & 0x8000 ? -1 : 1;
  const e = (exponent & 0x7fff) - 16383;
  return sign * (hi * 2 ** (e - 31) + lo * 2 ** (e - 63));
}

/** The first packet of an Ogg stream (Vorbis, Opus or FLAC) and the granule of its last page. */
function oggHeader(bytes: Uint8Array, tail: Uint8Array): AudioHeader | null {
  if (bytes.length < 28 || ascii(bytes, 0, 4) !== 'OggS') return null;
  const segments = bytes[26] as number;
  const packet = 27 + segments;
  if (packet + 30 > bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sampleRate: number;
  let channels: number;
  let granuleRate: number;
  let preSkip = 0;
  if (bytes[packet] === 1 && ascii(bytes, packet + 1, 6) === 'vorbis') {
    channels = bytes[packet + 11] as number;
    sampleRate = view.getUint32(packet + 12, true);
    granuleRate = sampleRate;
  } else if (ascii(bytes, packet, 8) === 'OpusHead') {
    channels = bytes[packet + 9] as number;
    preSkip = view.getUint16(packet + 10, true);
    // Opus always decodes at 48 kHz (the header's rate is the original's, for information).
    sampleRate = 48000;
    granuleRate = 48000;
  } else if (bytes[packet] === 0x7f && ascii(bytes, packet + 1, 4) === 'FLAC') {
    const flac = flacHeader(bytes, packet + 9);
    if (!flac) return null;
    return { ...flac, durationS: flac.durationS ?? lastGranule(tail, flac.sampleRate, 0) };
  } else {
    return null;
  }
  if (!(sampleRate > 0) || channels < 1) return null;
  return { sampleRate, channels, durationS: lastGranule(tail, granuleRate, preSkip) };
}

/** Duration from the granule position of the last page (searched in the final 64 KB: `bytes` is the file or its tail). */
function lastGranule(bytes: Uint8Array, rate: number, preSkip: number): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = bytes.length - 27; i >= Math.max(0, bytes.length - 65536); i--) {
    if (bytes[i] === 0x4f && bytes[i + 1] === 0x67 && bytes[i + 2] === 0x67 && bytes[i + 3] === 0x53) {
      const granule = view.getUint32(i + 6, true) + view.getUint32(i + 10, true) * 2 ** 32;
      if (granule === 2 ** 64 - 1 || granule <= preSkip) return null;
      return (granule - preSkip) / rate;
    }
  }
  return null;
}
