import { computePeaks, mixToMono } from '../analysis/peaks.js';
import { decodeAudio, type DecodeOptions } from './decode.js';
import { IngestError } from './errors.js';
import { INGEST_LIMITS, INGEST_PEAK_COUNT } from './limits.js';
import { measureLoudness } from './loudness.js';
import { encodeAuditionWav } from '../render/audition-wav.js';
import { encodeUploadPreview, previewRate } from './preview.js';
import type { AudioFormat } from './sniff.js';
import { estimateBpm } from './tempo.js';

export interface AnalyzeOptions {
  /** See decodeAudio: a path, null for none, or (default) ffmpeg from PATH. */
  ffmpegPath?: string | null;
  /** Time limit of one ffmpeg run (default 120 s). */
  ffmpegTimeoutMs?: number;
  /** Loops are seamless and hold whole beats, which makes their tempo exact. Default 'music'. */
  kind?: 'music' | 'loop';
}

export interface IngestResult {
  format: AudioFormat;
  sampleRate: number;
  /** The PCM depth of the lossless delivery copy (16 or 24). */
  bitDepth: 16 | 24;
  channelCount: number;
  durationS: number;
  /** 500 values in [0, 1]: the waveform overview. */
  peaks: number[];
  /** Integrated loudness (ITU-R BS.1770-4). */
  loudnessLufs: number | null;
  /** Estimated tempo, or null when there is no clear pulse. */
  bpm: number | null;
  /** 128 kbps MP3 of the whole audio, stereo (or mono), at 44.1/48 kHz or the source's MPEG rate. */
  previewMp3: Uint8Array;
  /** Loops only: the gapless audition WAV, the preview decoded to the upload's exact length (decision 043). */
  auditionWav?: Uint8Array;
}

/**
 * Validates and analyses an uploaded audio file: format by content, decoding, sample rate,
 * channels, duration and silence (each failure an IngestError with its code), then the waveform
 * peaks, loudness, tempo and the MP3 preview. CPU-heavy (seconds for a long file): a server
 * should run it on the audio worker pool (createAudioPool).
 */
export async function analyzeUpload(bytes: Uint8Array, opts: AnalyzeOptions = {}): Promise<IngestResult> {
  const decodeOptions: DecodeOptions = {
    ffmpegPath: opts.ffmpegPath,
    ffmpegTimeoutMs: opts.ffmpegTimeoutMs,
    // Reject on the header, before decoding (and allocating) anything. Header durations of
    // compressed formats may be off by a frame or so: the exact check follows the decoding.
    onHeader: (header) => checkLimits(header.sampleRate, header.channels, header.durationS, HEADER_SLACK_S),
    // Exact figures before the sample buffers exist: nothing too long or too large is allocated.
    onMeasured: (m) => checkLimits(m.sampleRate, m.channels, m.durationS, HEADER_SLACK_S),
  };
  const { format, sampleRate, channels, bitDepth } = await decodeAudio(bytes, decodeOptions);
  const frames = channels[0]?.length ?? 0;
  const durationS = frames / sampleRate;
  checkLimits(sampleRate, channels.length, durationS);

  const loudnessLufs = measureLoudness(channels, sampleRate);
  if (loudnessLufs === null) throw new IngestError('silent', null);
  const peaks = computePeaks(mixToMono(channels), INGEST_PEAK_COUNT);
  const bpm = estimateBpm(channels, sampleRate, { loop: opts.kind === 'loop' });
  const previewMp3 = await encodeUploadPreview(channels, sampleRate);
  const auditionWav =
    opts.kind === 'loop'
      ? await encodeAuditionWav(previewMp3, previewRate(sampleRate) === sampleRate ? frames : undefined)
      : undefined;
  return {
    format,
    sampleRate,
    bitDepth,
    channelCount: channels.length,
    durationS,
    peaks,
    loudnessLufs: round(loudnessLufs, 2),
    bpm: bpm === null ? null : round(bpm, 2),
    previewMp3,
    ...(auditionWav ? { auditionWav } : {}),
  };
}

/** Tolerance of duration checks made on a header. */
const HEADER_SLACK_S = 1;

function checkLimits(sampleRate: number, channelCount: number, durationS: number | null, slackS = 0): void {
  if (sampleRate < INGEST_LIMITS.minSampleRate || sampleRate > INGEST_LIMITS.maxSampleRate)
    throw new IngestError('sample_rate', sampleRate);
  if (channelCount > INGEST_LIMITS.maxChannels) throw new IngestError('channels', channelCount);
  if (durationS === null) return;
  if (durationS < INGEST_LIMITS.minDurationS - slackS) throw new IngestError('too_short', round(durationS, 3));
  if (durationS > INGEST_LIMITS.maxDurationS + slackS) throw new IngestError('too_long', round(durationS, 3));
  const samples = Math.ceil(durationS * sampleRate) * channelCount;
  if (samples > INGEST_LIMITS.maxDecodedSamples) throw new IngestError('too_large', samples);
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
