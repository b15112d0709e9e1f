import { IngestError } from './errors.js';
import { decodeWithFfmpeg, findFfmpeg } from './ffmpeg.js';
import { decodeMp3Upload } from './mp3-ingest.js';
import { sniffAudioFormat, type AudioFormat } from './sniff.js';
import { probeHeader, type AudioHeader } from './probe.js';
import { decodeWavSamples, inspectWav } from './wav-decode.js';

export interface DecodeOptions {
  /** ffmpeg executable for FLAC, AIFF and OGG: a path, null for none, or (default) `findFfmpeg()`. */
  ffmpegPath?: string | null;
  /** Time limit of one ffmpeg run (default 120 s). */
  ffmpegTimeoutMs?: number;
  /**
   * Called with what the header says (rate, channels, duration) before anything is decoded, so a
   * caller can reject a file early; it may throw.
   */
  onHeader?: (header: AudioHeader) => void;
}

export interface DecodedAudio {
  format: AudioFormat;
  sampleRate: number;
  /** One array per channel, floats in [-1, 1]. */
  channels: Float32Array[];
}

/**
 * Decodes an uploaded file, whatever its name: WAV natively, MP3 with mpg123 (WebAssembly),
 * FLAC, AIFF and OGG through ffmpeg. Throws IngestError `not_audio`, `needs_ffmpeg` or `corrupt`.
 */
export async function decodeAudio(bytes: Uint8Array, opts: DecodeOptions = {}): Promise<DecodedAudio> {
  const format = sniffAudioFormat(bytes);
  if (!format) throw new IngestError('not_audio', null);
  const header = probeHeader(bytes, format);
  if (header) opts.onHeader?.(header);
  if (format === 'wav') {
    const layout = inspectWav(bytes);
    return { format, sampleRate: layout.sampleRate, channels: decodeWavSamples(bytes, layout) };
  }
  if (format === 'mp3') return { format, ...(await decodeMp3Upload(bytes)) };

  const ffmpeg = opts.ffmpegPath === undefined ? await findFfmpeg() : opts.ffmpegPath;
  if (!ffmpeg) throw new IngestError('needs_ffmpeg', format);
  const wav = await decodeWithFfmpeg(ffmpeg, bytes, { timeoutMs: opts.ffmpegTimeoutMs });
  const layout = inspectWav(wav);
  return { format, sampleRate: layout.sampleRate, channels: decodeWavSamples(wav, layout) };
}
