import { loadMp3Encoder } from '../codecs/mp3-encode.js';
import { encodeAuditionWav } from '../render/audition-wav.js';
import { streamAudio, type DecodeOptions, type StreamInfo } from './decode.js';
import { IngestError } from './errors.js';
import { INGEST_LIMITS } from './limits.js';
import { previewRate } from './preview.js';
import type { AudioFormat } from './sniff.js';
import { bytesSource, type AudioSource } from './source.js';
import { StreamAnalyzer, type AnalysisSignal } from './stream-analysis.js';

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
  /** The signal the analysis ran on (at most 48 kHz stereo) and the sample memory it held. */
  signal: AnalysisSignal;
}

/**
 * Validates and analyses an uploaded audio file: format by content, decoding, sample rate,
 * channels, duration and silence (each failure an IngestError with its code), then the waveform
 * peaks, loudness, tempo and the MP3 preview. CPU-heavy (seconds for a long file): a server
 * should run it on the audio worker pool (createAudioPool).
 */
export function analyzeUpload(bytes: Uint8Array, opts: AnalyzeOptions = {}): Promise<IngestResult> {
  return analyzeSource(bytesSource(bytes), opts);
}

/**
 * `analyzeUpload` on a source read in chunks (a spooled upload): memory is bounded by the limits,
 * not by the file. The limits are checked on the header before anything is decoded; the file is
 * then decoded as a stream (streamAudio) into a StreamAnalyzer: the analysis signal is at most
 * 48 kHz stereo and only its tempo window is kept whole.
 */
export async function analyzeSource(source: AudioSource, opts: AnalyzeOptions = {}): Promise<IngestResult> {
  let info: StreamInfo | null = null;
  let analyzer: StreamAnalyzer | null = null;
  // The preview encoder is loaded before decoding starts: the sink's `start` is synchronous.
  const encoder = await loadMp3Encoder();
  const decodeOptions: DecodeOptions = {
    ffmpegPath: opts.ffmpegPath,
    ffmpegTimeoutMs: opts.ffmpegTimeoutMs,
    // Reject on the header, before decoding (and allocating) anything. Header durations of
    // compressed formats may be off by a frame or so: the exact check follows the decoding.
    onHeader: (header) => checkLimits(header.sampleRate, header.channels, header.durationS, HEADER_SLACK_S),
    // The figures the buffers are sized from: nothing too long or too large is allocated.
    onMeasured: (m) => checkLimits(m.sampleRate, m.channels, m.durationS, HEADER_SLACK_S),
  };
  await streamAudio(
    source,
    {
      start(started) {
        info = started;
        analyzer = StreamAnalyzer.create(started, opts.kind === 'loop', encoder);
      },
      write: (chunk) => analyzer?.write(chunk),
    },
    decodeOptions,
  );
  const stream = info as StreamInfo | null;
  const running = analyzer as StreamAnalyzer | null;
  if (!stream || !running) throw new IngestError('corrupt', 'no audio decoded');
  const { sampleRate, format, bitDepth, channels: channelCount } = stream;
  const analysis = running.finish();
  analyzer = null;
  const frames = analysis.frames;
  const durationS = frames / sampleRate;
  checkLimits(sampleRate, channelCount, durationS);
  // The peaks and the tempo window were laid out from the stated length: a file that holds much
  // less audio than its header says is damaged (a longer one was stopped by the decoder).
  if (frames < stream.expectedFrames - sampleRate)
    throw new IngestError('corrupt', `the file holds ${round(durationS, 3)} s of audio, its header says more`);
  if (analysis.loudnessLufs === null) throw new IngestError('silent', null);
  const previewMp3 = analysis.previewMp3;
  const auditionWav =
    opts.kind === 'loop'
      ? await encodeAuditionWav(previewMp3, previewRate(sampleRate) === sampleRate ? frames : undefined)
      : undefined;
  return {
    format,
    sampleRate,
    bitDepth,
    channelCount,
    durationS,
    peaks: analysis.peaks,
    loudnessLufs: round(analysis.loudnessLufs, 2),
    bpm: analysis.bpm === null ? null : round(analysis.bpm, 2),
    previewMp3,
    ...(auditionWav ? { auditionWav } : {}),
    signal: analysis.signal,
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
