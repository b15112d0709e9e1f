import { decodeMp3 } from '../codecs/mp3-decode.js';
import { parseFrameHeader } from '../codecs/mp3-frame-header.js';
import { IngestError } from './errors.js';
import { firstMpegFrame, id3v2Length } from './sniff.js';

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

/** Decodes an MP3 (gapless) after inspecting it; decoder failures become IngestError('corrupt'). */
export async function decodeMp3Upload(bytes: Uint8Array): Promise<{ sampleRate: number; channels: Float32Array[] }> {
  inspectMp3(bytes);
  try {
    const { sampleRate, channels } = await decodeMp3(bytes);
    return { sampleRate, channels };
  } catch (error) {
    throw new IngestError('corrupt', error instanceof Error ? error.message : String(error));
  }
}
