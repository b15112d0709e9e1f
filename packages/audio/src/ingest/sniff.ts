import { parseFrameHeader } from '../codecs/mp3-frame-header.js';
import { ascii } from './ascii.js';

export type AudioFormat = 'wav' | 'mp3' | 'flac' | 'aiff' | 'ogg';

/**
 * The audio container of a file, from its first bytes only (file names and extensions are never
 * trusted): RIFF/RF64/BW64 with WAVE, an ID3v2 tag or an MPEG audio Layer III frame, `fLaC`,
 * `FORM` with AIFF/AIFC, `OggS`. Null for anything else.
 */
export function sniffAudioFormat(bytes: Uint8Array): AudioFormat | null {
  if (bytes.length < 12) return null;
  const head = ascii(bytes, 0, 4);
  if ((head === 'RIFF' || head === 'RF64' || head === 'BW64') && ascii(bytes, 8, 4) === 'WAVE') return 'wav';
  if (head === 'FORM' && (ascii(bytes, 8, 4) === 'AIFF' || ascii(bytes, 8, 4) === 'AIFC')) return 'aiff';
  if (head === 'OggS') return 'ogg';
  if (head === 'fLaC') return 'flac';
  const tag = id3v2Length(bytes);
  if (tag > 0) {
    // Some FLAC files carry an ID3v2 tag in front of their own header.
    if (ascii(bytes, tag, 4) === 'fLaC') return 'flac';
    return firstMpegFrame(bytes, tag) >= 0 ? 'mp3' : null;
  }
  return parseFrameHeader(bytes, 0) ? 'mp3' : null;
}

/** Bytes of the ID3v2 tag at the start (header, body and footer), or 0 if there is none. */
export function id3v2Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || ascii(bytes, 0, 3) !== 'ID3') return 0;
  const major = bytes[3] as number;
  const flags = bytes[5] as number;
  if (major < 2 || major > 4 || (bytes[4] as number) === 0xff) return 0;
  let size = 0;
  for (let i = 6; i < 10; i++) {
    const b = bytes[i] as number;
    if (b & 0x80) return 0; // sizes are sync-safe: 7 bits per byte
    size = (size << 7) | b;
  }
  return 10 + size + (flags & 0x10 ? 10 : 0);
}

/** Offset of the first Layer III frame at or after `from` (tags are often padded), or -1. */
export function firstMpegFrame(bytes: Uint8Array, from: number, window = 4096): number {
  for (let i = from; i < Math.min(bytes.length - 3, from + window); i++) {
    if (bytes[i] === 0xff && parseFrameHeader(bytes, i)) return i;
  }
  return -1;
}
