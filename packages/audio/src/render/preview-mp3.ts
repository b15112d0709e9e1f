import { decodeMp3 } from '../codecs/mp3-decode.js';
import { encodeMp3 } from '../codecs/mp3-encode.js';

export interface PreviewOptions {
  kbps: number;
  /** Ceiling for the decoded preview, dBFS. */
  ceilingDb: number;
  /** Level reduction applied to every preview, dB (MP3 coding overshoots the original's peaks). */
  trimDb: number;
  /** Decode the preview and re-encode it quieter if it still overshoots (for bright transients). */
  verify: boolean;
}

export const PREVIEW_DEFAULTS: Omit<PreviewOptions, 'verify'> = { kbps: 128, ceilingDb: -1, trimDb: 1.5 };

/**
 * The MP3 preview of a mix. Lossy coding at 128 kbps overshoots the original's peaks: by up to
 * ~0.6 dB for plucked strings, drums and winds, by up to ~2 dB for riq jingles and bright qanun
 * plucks. Every preview is trimmed a little; previews of bright mixes are also decoded and, if
 * still over the ceiling, encoded once more just under it.
 */
export async function encodePreview(
  channels: Float32Array[],
  sampleRate: number,
  options: PreviewOptions,
): Promise<Uint8Array> {
  const ceiling = 10 ** (options.ceilingDb / 20);
  let gain = 10 ** (-options.trimDb / 20);
  let mp3 = await encodeMp3(scale(channels, gain), sampleRate, options.kbps);
  if (!options.verify) return mp3;
  const peak = decodedPeak(await decodeMp3(mp3));
  if (peak > ceiling) {
    gain *= (ceiling / peak) * 0.97;
    mp3 = await encodeMp3(scale(channels, gain), sampleRate, options.kbps);
  }
  return mp3;
}

function scale(channels: Float32Array[], gain: number): Float32Array[] {
  return channels.map((c) => {
    const out = new Float32Array(c.length);
    for (let i = 0; i < c.length; i++) out[i] = (c[i] as number) * gain;
    return out;
  });
}

function decodedPeak(decoded: { channels: Float32Array[] }): number {
  let peak = 0;
  for (const channel of decoded.channels) {
    for (let i = 0; i < channel.length; i++) {
      const v = channel[i] as number;
      if (v > peak) peak = v;
      else if (-v > peak) peak = -v;
    }
  }
  return peak;
}
