import { IngestError } from './errors.js';
import { decodeWithFfmpeg, findFfmpeg } from './ffmpeg.js';
import { decodeMp3Upload, inspectMp3 } from './mp3-ingest.js';
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
  /**
   * Called with the exact rate, channels and duration before the sample buffers are allocated
   * (WAV and MP3: from the header and frame walk; ffmpeg formats: after ffmpeg's counting pass);
   * it may throw to refuse the file.
   */
  onMeasured?: (measured: { sampleRate: number; channels: number; durationS: number }) => void;
}

export interface DecodedAudio {
  format: AudioFormat;
  sampleRate: number;
  /** One array per channel, floats in [-1, 1]. */
  channels: Float32Array[];
  /** The depth a lossless copy of the source keeps (lossy sources: 16). */
  bitDepth: 16 | 24;
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
    opts.onMeasured?.({
      sampleRate: layout.sampleRate,
      channels: layout.channels,
      durationS: layout.frames / layout.sampleRate,
    });
    return {
      format,
      sampleRate: layout.sampleRate,
      channels: decodeWavSamples(bytes, layout),
      bitDepth: pcmDepth(layout.bits),
    };
  }
  if (format === 'mp3') {
    const mp3 = inspectMp3(bytes);
    opts.onMeasured?.(mp3);
    return { format, ...(await decodeMp3Upload(bytes)), bitDepth: 16 };
  }

  const ffmpeg = opts.ffmpegPath === undefined ? await findFfmpeg() : opts.ffmpegPath;
  if (!ffmpeg) throw new IngestError('needs_ffmpeg', format);
  const decoded = await decodeWithFfmpeg(ffmpeg, bytes, {
    timeoutMs: opts.ffmpegTimeoutMs,
    ...(opts.onMeasured ? { onMeasured: opts.onMeasured } : {}),
  });
  const bits = header?.bitsPerSample;
  return { format, ...decoded, bitDepth: bits === undefined || format === 'ogg' ? 16 : pcmDepth(bits) };
}

/** The PCM depth a lossless copy keeps: 16-bit for 8/16-bit sources, 24-bit for deeper or float ones. */
function pcmDepth(bits: number): 16 | 24 {
  return bits <= 16 ? 16 : 24;
}
