import { openMp3Stream, type Mp3Encoder, type Mp3Writer } from '../codecs/mp3-encode.js';
import { downmixChunkToStereo } from './downmix.js';
import { INGEST_LIMITS, INGEST_PEAK_COUNT, INGEST_PREVIEW_KBPS } from './limits.js';
import { LoudnessMeter } from './loudness.js';
import { previewRate } from './preview.js';
import { StreamResampler } from './resample.js';
import type { StreamInfo } from './decode.js';
import { estimateBpmOfWindow, tempoWindow } from './tempo.js';

/** The highest rate the analysis signal has: anything above is resampled while decoding. */
const ANALYSIS_MAX_RATE = 48_000;
/** The most channels the analysis signal has: more are downmixed to stereo while decoding. */
const ANALYSIS_MAX_CHANNELS = 2;
/**
 * The most bytes of sample arrays one analysis allocates, whatever the file: the tempo window
 * (90 s of mono at 48 kHz) and the loudness steps (one float64 per 100 ms of the longest upload).
 */
export const ANALYSIS_BUFFER_LIMIT =
  90 * ANALYSIS_MAX_RATE * 4 + Math.ceil((INGEST_LIMITS.maxDurationS + 2) * 10 + 2) * 8;

/**
 * What the analysis kept of the audio: the signal it analysed (at most 48 kHz, at most stereo),
 * its length, and the bytes of sample arrays it allocated (bounded by the limits, never by the
 * file: the tempo window, the loudness steps; the MP3 preview it writes is not counted).
 */
export interface AnalysisSignal {
  sampleRate: number;
  channels: number;
  frames: number;
  bufferBytes: number;
}

export interface StreamAnalysis {
  frames: number;
  peaks: number[];
  loudnessLufs: number | null;
  bpm: number | null;
  previewMp3: Uint8Array;
  signal: AnalysisSignal;
}

/**
 * The analysis of a decoded stream, chunk by chunk, in bounded memory:
 * - loudness (BS.1770) and the waveform peaks on the source's own samples (rate and channels), as
 *   `measureLoudness` and `computePeaks` would give on the whole;
 * - the analysis signal: the source downmixed to stereo (more than two channels) and resampled to
 *   the preview rate (above 48 kHz), chunk by chunk; from it the MP3 preview (resampled once more to
 *   44.1/48 kHz for a rate MPEG lacks) is encoded as it comes, and the tempo window (a loop whole, a
 *   piece's middle 90 s, mono) is copied into one array allocated from the stated length.
 * Peak bucket edges and the tempo window come from the stated length (`expectedFrames`); a stream
 * that runs longer is refused by the decoder, one that is shorter is measured as it is.
 */
export class StreamAnalyzer {
  private readonly loudness: LoudnessMeter;
  private readonly peaks: PeakMeter;
  private readonly toAnalysis: StreamResampler | null;
  private readonly toPreview: StreamResampler | null;
  private readonly window: Float32Array;
  private readonly windowStart: number;
  private analysisFrames = 0;
  private frames = 0;
  readonly analysisRate: number;
  readonly analysisChannels: number;

  private constructor(
    private readonly info: StreamInfo,
    private readonly loop: boolean,
    private readonly preview: Mp3Writer,
  ) {
    const { sampleRate, channels, expectedFrames } = info;
    const maxFrames = Math.ceil((INGEST_LIMITS.maxDurationS + 2) * sampleRate);
    const stated = Math.min(expectedFrames, maxFrames);
    this.loudness = new LoudnessMeter(channels, sampleRate, maxFrames);
    this.peaks = new PeakMeter(stated, INGEST_PEAK_COUNT);
    this.analysisChannels = Math.min(ANALYSIS_MAX_CHANNELS, channels);
    this.analysisRate = sampleRate > ANALYSIS_MAX_RATE ? previewRate(sampleRate) : sampleRate;
    this.toAnalysis =
      this.analysisRate === sampleRate
        ? null
        : new StreamResampler(this.analysisChannels, sampleRate, this.analysisRate);
    const mp3Rate = previewRate(sampleRate);
    this.toPreview =
      mp3Rate === this.analysisRate ? null : new StreamResampler(this.analysisChannels, this.analysisRate, mp3Rate);
    const analysisFrames = Math.round((stated * this.analysisRate) / sampleRate);
    const window = tempoWindow(analysisFrames, this.analysisRate, loop);
    this.windowStart = window.start;
    this.window = new Float32Array(window.length);
  }

  /** The analyzer of a stream of `info`, writing its preview with `encoder` (a LAME instance of its own: loadMp3Encoder). */
  static create(info: StreamInfo, loop: boolean, encoder: Mp3Encoder): StreamAnalyzer {
    const channels = Math.min(ANALYSIS_MAX_CHANNELS, info.channels) as 1 | 2;
    return new StreamAnalyzer(
      info,
      loop,
      openMp3Stream(encoder, channels, previewRate(info.sampleRate), INGEST_PREVIEW_KBPS),
    );
  }

  write(chunk: Float32Array[]): void {
    this.frames += chunk[0]?.length ?? 0;
    this.loudness.write(chunk);
    this.peaks.write(chunk);
    const stereo = downmixChunkToStereo(chunk);
    const analysis = this.toAnalysis ? this.toAnalysis.push(stereo) : stereo;
    this.analysed(analysis);
  }

  finish(): StreamAnalysis {
    if (this.toAnalysis) this.analysed(this.toAnalysis.finish());
    if (this.toPreview) this.preview.write(this.toPreview.finish());
    const durationS = this.frames / this.info.sampleRate;
    const collected = Math.max(0, Math.min(this.window.length, this.analysisFrames - this.windowStart));
    const bpm = estimateBpmOfWindow(this.window.subarray(0, collected), this.analysisRate, durationS, {
      loop: this.loop,
    });
    return {
      frames: this.frames,
      peaks: this.peaks.finish(),
      loudnessLufs: this.loudness.finish(),
      bpm,
      previewMp3: this.preview.finish(),
      signal: {
        sampleRate: this.analysisRate,
        channels: this.analysisChannels,
        frames: this.analysisFrames,
        bufferBytes: this.window.byteLength + this.loudness.bytes,
      },
    };
  }

  /** A chunk of the analysis signal: to the preview encoder, and its part of the tempo window. */
  private analysed(chunk: Float32Array[]): void {
    const length = chunk[0]?.length ?? 0;
    if (length === 0) return;
    this.preview.write(this.toPreview ? this.toPreview.push(chunk) : chunk);
    const from = Math.max(this.analysisFrames, this.windowStart);
    const to = Math.min(this.analysisFrames + length, this.windowStart + this.window.length);
    const left = chunk[0] as Float32Array;
    const right = chunk[1];
    for (let i = from; i < to; i++) {
      const k = i - this.analysisFrames;
      // As mixToMono: the channel average, stored as a 32-bit float.
      this.window[i - this.windowStart] = right
        ? ((left[k] as number) + (right[k] as number)) * 0.5
        : (left[k] as number);
    }
    this.analysisFrames += length;
  }
}

/**
 * `computePeaks(mixToMono(channels), count)` fed in chunks: the maximum absolute value of the channel
 * average in each of `count` buckets of a stream of `frames` frames (frames past it count in the
 * last bucket).
 */
export class PeakMeter {
  private readonly raw: Float64Array;
  private bucket = 0;
  private end: number;
  private position = 0;
  private readonly mono = new Float32Array(1);

  constructor(
    private readonly frames: number,
    private readonly count: number,
  ) {
    this.raw = new Float64Array(count);
    this.end = this.edge(1);
  }

  write(chunk: Float32Array[]): void {
    const length = chunk[0]?.length ?? 0;
    const channels = chunk.length;
    const k = 1 / channels;
    const mono = this.mono;
    const raw = this.raw;
    const first = chunk[0] as Float32Array;
    const second = chunk[1] as Float32Array;
    let bucket = this.bucket;
    let end = this.end;
    let position = this.position;
    let max = raw[bucket] as number;
    for (let i = 0; i < length; i++, position++) {
      if (position >= end && bucket < this.count - 1) {
        raw[bucket] = max;
        while (position >= end && bucket < this.count - 1) end = this.edge(++bucket + 1);
        max = raw[bucket] as number;
      }
      let v: number;
      if (channels === 1) v = first[i] as number;
      else if (channels === 2) {
        mono[0] = ((first[i] as number) + (second[i] as number)) * 0.5;
        v = mono[0] as number;
      } else {
        mono[0] = 0;
        for (let c = 0; c < channels; c++)
          mono[0] = (mono[0] as number) + ((chunk[c] as Float32Array)[i] as number) * k;
        v = mono[0] as number;
      }
      const a = v < 0 ? -v : v;
      if (a > max) max = a;
    }
    raw[bucket] = max;
    this.bucket = bucket;
    this.end = end;
    this.position = position;
  }

  finish(): number[] {
    let loudest = 0;
    for (let b = 0; b < this.count; b++) if ((this.raw[b] as number) > loudest) loudest = this.raw[b] as number;
    const out = new Array<number>(this.count);
    for (let b = 0; b < this.count; b++)
      out[b] = loudest > 0 ? Math.round(((this.raw[b] as number) / loudest) * 1000) / 1000 : 0;
    return out;
  }

  private edge(b: number): number {
    return Math.floor((b * this.frames) / this.count);
  }
}
