import { decodeMp3 } from '../codecs/mp3-decode.js';
import { encodeWav } from '../codecs/wav.js';

/**
 * The loop audition file (decision 043): the public MP3 preview decoded (gapless: the encoder's delay
 * and padding trimmed) and written as a 16-bit PCM WAV of exactly `frames` samples per channel.
 * It carries no more than the public preview does (the same 128 kbps coding), but a browser's
 * `decodeAudioData` gives back exactly its length, so it loops without a gap. `frames` is the
 * loop's own length at the preview's rate (`loopSampleCount` for the demo's loops; an upload's
 * decoded length when the preview kept its rate, else the decoded preview's own length); a decoded
 * preview a few samples short is padded with silence, one too long is cut.
 */
export async function encodeAuditionWav(previewMp3: Uint8Array, frames?: number): Promise<Uint8Array> {
  if (frames !== undefined && (!Number.isInteger(frames) || frames <= 0))
    throw new Error(`encodeAuditionWav: bad frame count ${frames}`);
  const decoded = await decodeMp3(previewMp3);
  const channels = decoded.channels.map((channel) => {
    if (frames === undefined || channel.length === frames) return channel;
    const exact = new Float32Array(frames);
    exact.set(channel.subarray(0, frames));
    return exact;
  });
  return encodeWav(channels, decoded.sampleRate, 16);
}
