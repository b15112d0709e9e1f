import { MPEGDecoder } from 'mpg123-decoder';
import { parseFrameHeader } from './mp3-frame-header.js';

/** Decodes an MP3 (gapless: encoder delay and padding from the LAME tag are trimmed). */
export async function decodeMp3(
  bytes: Uint8Array,
): Promise<{ channels: Float32Array[]; sampleRate: number; durationS: number }> {
  const decoder = new MPEGDecoder({ enableGapless: true });
  await decoder.ready;
  try {
    const result = decoder.decode(bytes);
    if (result.samplesDecoded === 0) throw new Error('decodeMp3: no audio decoded');
    // mpg123 reports mono streams as two identical channels; keep the stream's own layout.
    const count = isMono(bytes) ? 1 : result.channelData.length;
    const channels = result.channelData.slice(0, count).map((c) => c.slice(0, result.samplesDecoded));
    return { channels, sampleRate: result.sampleRate, durationS: result.samplesDecoded / result.sampleRate };
  } finally {
    decoder.free();
  }
}

/** Whether the first MPEG frame (after any ID3v2 tag) is single-channel. */
function isMono(bytes: Uint8Array): boolean {
  let offset = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33 && bytes.length > 10) {
    const size =
      (((bytes[6] ?? 0) & 0x7f) << 21) |
      (((bytes[7] ?? 0) & 0x7f) << 14) |
      (((bytes[8] ?? 0) & 0x7f) << 7) |
      ((bytes[9] ?? 0) & 0x7f);
    offset = 10 + size;
  }
  for (let i = offset; i < Math.min(bytes.length, offset + 65536); i++) {
    const header = parseFrameHeader(bytes, i);
    if (header) return header.mono;
  }
  return false;
}
