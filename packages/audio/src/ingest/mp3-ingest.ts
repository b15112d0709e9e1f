import { MPEGDecoder } from 'mpg123-decoder';
import { parseFrameHeader } from '../codecs/mp3-frame-header.js';
import { IngestError } from './errors.js';
import { firstMpegFrame, id3v2Length } from './sniff.js';
import type { AudioSource } from './source.js';

/** An ID3v1 tag (128 bytes, "TAG") or anything shorter than a frame may follow the frames. */
const TRAILER_SLACK = 2048;

/** Stream facts read from the frame headers, before decoding. */
export interface Mp3Layout {
  sampleRate: number;
  channels: number;
  /** Frames × samples per frame (within a frame or two of the decoded length). */
  durationS: number;
}

/**
 * Checks that an MP3 is a run of MPEG frames from its first frame to (near) its end. A valid
 * header followed by garbage, or a file cut in the middle of its tag, is IngestError('corrupt').
 * A file cut inside its last frame is accepted (the decoder drops the partial frame).
 */
export function inspectMp3(bytes: Uint8Array): Mp3Layout {
  const tag = id3v2Length(bytes);
  if (tag > bytes.length) throw new IngestError('corrupt', 'the file ends inside its ID3 tag');
  const first = firstMpegFrame(bytes, tag);
  const header = first >= 0 ? parseFrameHeader(bytes, first) : null;
  if (!header) throw new IngestError('corrupt', 'no MPEG audio frame found');
  let offset = first;
  let frames = 0;
  let samples = 0;
  for (;;) {
    const h = parseFrameHeader(bytes, offset);
    if (!h || h.sampleRate !== header.sampleRate) break;
    offset += h.frameBytes;
    samples += h.samplesPerFrame;
    frames++;
  }
  const rest = bytes.length - Math.min(offset, bytes.length);
  if (frames < 2 || rest > Math.max(TRAILER_SLACK, (bytes.length - first) * 0.02)) {
    throw new IngestError('corrupt', `the MPEG frames stop after ${frames} frame(s), ${rest} bytes before the end`);
  }
  return { sampleRate: header.sampleRate, channels: header.mono ? 1 : 2, durationS: samples / header.sampleRate };
}

/**
 * `inspectMp3` for a source read in chunks (never whole): the same checks, from the first frame
 * found in `head` (the first bytes of the source) to the end.
 */
export async function inspectMp3Source(source: AudioSource, head: Uint8Array): Promise<Mp3Layout> {
  const tag = id3v2Length(head);
  if (tag > source.size) throw new IngestError('corrupt', 'the file ends inside its ID3 tag');
  const first = firstMpegFrame(head, tag);
  const header = first >= 0 ? parseFrameHeader(head, first) : null;
  if (!header) throw new IngestError('corrupt', 'no MPEG audio frame found');
  let frames = 0;
  let samples = 0;
  // `offset` is absolute; `window` holds the bytes from `windowStart` on.
  let offset = first;
  let window = new Uint8Array(0);
  let windowStart = first;
  let stopped = false;
  for await (const chunk of source.chunks(first)) {
    const joined = new Uint8Array(window.length + chunk.length);
    joined.set(window);
    joined.set(chunk, window.length);
    window = joined;
    for (;;) {
      const at = offset - windowStart;
      if (at + 4 > window.length) break;
      const h = parseFrameHeader(window, at);
      if (!h || h.sampleRate !== header.sampleRate) {
        stopped = true;
        break;
      }
      offset += h.frameBytes;
      samples += h.samplesPerFrame;
      frames++;
    }
    if (stopped) break;
    const keep = Math.max(0, Math.min(window.length, offset - windowStart));
    window = window.slice(keep);
    windowStart += keep;
  }
  const rest = source.size - Math.min(offset, source.size);
  if (frames < 2 || rest > Math.max(TRAILER_SLACK, (source.size - first) * 0.02)) {
    throw new IngestError('corrupt', `the MPEG frames stop after ${frames} frame(s), ${rest} bytes before the end`);
  }
  return { sampleRate: header.sampleRate, channels: header.mono ? 1 : 2, durationS: samples / header.sampleRate };
}

/** Decodes an MP3 source chunk by chunk (gapless), handing planar float chunks to `onChunk`; returns the frames. */
export async function streamMp3(
  source: AudioSource,
  channels: number,
  onChunk: (chunk: Float32Array[]) => void,
): Promise<number> {
  const decoder = new MPEGDecoder({ enableGapless: true });
  await decoder.ready;
  let frames = 0;
  try {
    for await (const chunk of source.chunks()) {
      let result;
      try {
        result = decoder.decode(chunk);
      } catch (error) {
        throw new IngestError('corrupt', error instanceof Error ? error.message : String(error));
      }
      if (result.samplesDecoded === 0) continue;
      onChunk(result.channelData.slice(0, channels).map((c) => c.subarray(0, result.samplesDecoded)));
      frames += result.samplesDecoded;
    }
  } finally {
    decoder.free();
  }
  if (frames === 0) throw new IngestError('corrupt', 'decodeMp3: no audio decoded');
  return frames;
}
