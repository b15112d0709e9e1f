import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IngestError } from './errors.js';
import { INGEST_LIMITS } from './limits.js';
import { sniffAudioFormat, type AudioFormat } from './sniff.js';
import { bytesSource, type AudioSource } from './source.js';

let found: Promise<string | null> | undefined;

/** The first executable `ffmpeg` on PATH (looked up once per process), or null. */
export function findFfmpeg(): Promise<string | null> {
  found ??= lookUp();
  return found;
}

async function lookUp(): Promise<string | null> {
  const names = process.platform === 'win32' ? ['ffmpeg.exe', 'ffmpeg.cmd', 'ffmpeg'] : ['ffmpeg'];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = join(dir, name);
      try {
        await access(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

export interface FfmpegDecodeOptions {
  /** Kill ffmpeg after this long (default 120 s), per pass. */
  timeoutMs?: number;
  /**
   * Called once the stream's rate, channel count and exact duration are known (after the counting
   * pass, before any sample buffer is allocated); it may throw to refuse the file.
   */
  onMeasured?: (measured: { sampleRate: number; channels: number; durationS: number }) => void;
}

const DEFAULT_TIMEOUT_MS = 120_000;
/** Decode a little past the longest accepted duration, so longer files are still seen as too long. */
const MAX_DECODE_S = INGEST_LIMITS.maxDurationS + 1;
const STDERR_LIMIT = 8 * 1024;
/** The counting pass resamples to this rate (1 byte a sample): duration to the millisecond, ~1 MB at most. */
const COUNT_RATE = 1000;
/** The WAV header ffmpeg writes on a pipe fits in this (RIFF, fmt, an optional LIST, data). */
const HEADER_LIMIT = 64 * 1024;
/** Frames per chunk handed on by `streamWithFfmpeg`. */
const CHUNK_FRAMES = 32 * 1024;

/**
 * ffmpeg's demuxer for each sniffed format. ffmpeg is always told the format (`-f`) instead of
 * probing the bytes itself: a file is read as what its magic bytes say, whatever its name, and
 * ffmpeg's other demuxers (playlists, images, subtitles…) never see an upload.
 */
const FFMPEG_DEMUXERS: Record<AudioFormat, string> = {
  wav: 'wav',
  mp3: 'mp3',
  flac: 'flac',
  aiff: 'aiff',
  ogg: 'ogg',
};

/**
 * The argument list of one ffmpeg run on an upload: the sniffed format forced with `-f`, only the
 * `pipe` protocol allowed (the input is stdin; no file, http or concat can be opened from inside a
 * file), the first audio stream, at most MAX_DECODE_S seconds, then `output` to stdout.
 * Throws IngestError('not_audio') for a format it does not know, before anything is spawned.
 */
export function ffmpegArgs(format: string, output: readonly string[]): string[] {
  const demuxer = (FFMPEG_DEMUXERS as Record<string, string | undefined>)[format];
  if (!Object.hasOwn(FFMPEG_DEMUXERS, format) || !demuxer) throw new IngestError('not_audio', null);
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-protocol_whitelist',
    'pipe',
    '-f',
    demuxer,
    '-i',
    'pipe:0',
    '-map',
    '0:a:0',
    '-vn',
    '-t',
    String(MAX_DECODE_S),
    ...output,
    'pipe:1',
  ];
}

export interface FfmpegDecoded {
  sampleRate: number;
  /** One array per channel, floats in [-1, 1]. */
  channels: Float32Array[];
}

/** What `streamWithFfmpeg` learns before the first samples. */
interface FfmpegStreamStart {
  sampleRate: number;
  channels: number;
  /** The stream's length: from the header when it says, else from the counting pass. */
  durationS: number;
}

export interface FfmpegStreamOptions {
  timeoutMs?: number;
  /** The duration the file's header states; null (unknown) runs the counting pass first. */
  headerDurationS: number | null;
  /** Called once, before the first chunk; may throw to refuse the file. */
  onStart: (start: FfmpegStreamStart) => void;
  /** Planar float chunks of at most CHUNK_FRAMES frames; the arrays are reused: copy what you keep. */
  onChunk: (chunk: Float32Array[]) => void;
}

/**
 * Decodes an upload with ffmpeg, streaming: the source goes to ffmpeg's stdin in chunks and the
 * samples come back as 32-bit float WAV, handed on in chunks; nothing holds the whole audio.
 * When the header does not state the length, a counting pass (mono, 1 kHz, bytes counted and
 * dropped) measures it first, so `onStart` always knows the duration (and may refuse the file).
 * Returns the frames delivered. A file ffmpeg cannot read is an IngestError('corrupt') with
 * ffmpeg's own explanation; a missing executable is IngestError('needs_ffmpeg').
 */
export async function streamWithFfmpeg(
  ffmpegPath: string,
  format: AudioFormat,
  source: AudioSource,
  opts: FfmpegStreamOptions,
): Promise<number> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let durationS = opts.headerDurationS;
  if (durationS === null) {
    let counted = 0;
    await runFfmpeg(ffmpegPath, format, source, ['-ac', '1', '-ar', String(COUNT_RATE), '-f', 'u8'], timeoutMs, (c) => {
      counted += c.length;
    });
    durationS = counted / COUNT_RATE;
  }
  const sink = new PcmSink(durationS, opts.onStart, opts.onChunk);
  await runFfmpeg(ffmpegPath, format, source, ['-f', 'wav', '-acodec', 'pcm_f32le'], timeoutMs, (chunk) =>
    sink.write(chunk),
  );
  return sink.finish();
}

/**
 * Decodes any audio ffmpeg reads into per-channel arrays sized before they are allocated (from the
 * counting pass; `onMeasured` may refuse the file there). For the delivery files and tests; the
 * analysis of an upload streams instead (streamWithFfmpeg).
 */
export async function decodeWithFfmpeg(
  ffmpegPath: string,
  input: Uint8Array,
  opts: FfmpegDecodeOptions = {},
  format: AudioFormat = sniffAudioFormat(input) ?? 'flac',
): Promise<FfmpegDecoded> {
  let arrays: Float32Array[] = [];
  let rate = 0;
  let frames = 0;
  await streamWithFfmpeg(ffmpegPath, format, bytesSource(input), {
    timeoutMs: opts.timeoutMs,
    headerDurationS: null,
    onStart: ({ sampleRate, channels, durationS }) => {
      opts.onMeasured?.({ sampleRate, channels, durationS });
      rate = sampleRate;
      // One second of slack over the measured length (the counting pass resamples).
      const capacity = Math.ceil(durationS * sampleRate) + sampleRate;
      arrays = Array.from({ length: channels }, () => new Float32Array(capacity));
    },
    onChunk: (chunk) => {
      const length = chunk[0]?.length ?? 0;
      if (frames + length > (arrays[0]?.length ?? 0))
        throw new IngestError('corrupt', 'ffmpeg decoded more audio than it measured');
      chunk.forEach((c, i) => (arrays[i] as Float32Array).set(c, frames));
      frames += length;
    },
  });
  return { sampleRate: rate, channels: arrays.map((a) => a.slice(0, frames)) };
}

/** Receives ffmpeg's float WAV on the fly: header first, then samples deinterleaved into reused chunks. */
class PcmSink {
  private header: Buffer = Buffer.alloc(0);
  private chunk: Float32Array[] | null = null;
  private filled = 0;
  private frames = 0;
  private limit = 0;
  private carry: Buffer = Buffer.alloc(0);

  constructor(
    private readonly durationS: number,
    private readonly onStart: FfmpegStreamOptions['onStart'],
    private readonly onChunk: FfmpegStreamOptions['onChunk'],
  ) {}

  write(data: Buffer): void {
    if (!this.chunk) {
      this.header = Buffer.concat([this.header, data]);
      const parsed = parseStreamingWavHeader(this.header);
      if (!parsed) {
        if (this.header.length > HEADER_LIMIT) throw new IngestError('corrupt', 'ffmpeg wrote no WAV header');
        return;
      }
      this.onStart({ sampleRate: parsed.sampleRate, channels: parsed.channels, durationS: this.durationS });
      // One second of slack over the stated length (headers and the counting pass may be off a little).
      this.limit = Math.ceil(this.durationS * parsed.sampleRate) + parsed.sampleRate;
      this.chunk = Array.from({ length: parsed.channels }, () => new Float32Array(CHUNK_FRAMES));
      data = this.header.subarray(parsed.dataOffset);
      this.header = Buffer.alloc(0);
    }
    const chunk = this.chunk;
    const count = chunk.length;
    const frameBytes = 4 * count;
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, data]) : data;
    const whole = Math.floor(bytes.length / frameBytes);
    if (this.frames + this.filled + whole > this.limit)
      throw new IngestError('corrupt', 'the audio runs longer than the file says');
    // An aligned copy read as floats (little-endian, as ffmpeg writes pcm_f32le and as Node's platforms are).
    const samples = new Float32Array(whole * count);
    new Uint8Array(samples.buffer).set(bytes.subarray(0, whole * frameBytes));
    let filled = this.filled;
    for (let i = 0, p = 0; i < whole; i++) {
      for (let c = 0; c < count; c++) (chunk[c] as Float32Array)[filled] = samples[p++] as number;
      if (++filled === CHUNK_FRAMES) {
        this.filled = filled;
        this.flush();
        filled = 0;
      }
    }
    this.filled = filled;
    this.carry = Buffer.from(bytes.subarray(whole * frameBytes));
  }

  private flush(): void {
    if (!this.chunk || this.filled === 0) return;
    const filled = this.filled;
    this.onChunk(filled === CHUNK_FRAMES ? this.chunk : this.chunk.map((c) => c.subarray(0, filled)));
    this.frames += filled;
    this.filled = 0;
  }

  finish(): number {
    this.flush();
    if (!this.chunk || this.frames === 0) throw new IngestError('corrupt', 'ffmpeg produced no audio');
    return this.frames;
  }
}

/** The format and the start of the samples of a WAV that ffmpeg streams (data size unknown). */
function parseStreamingWavHeader(bytes: Buffer): { sampleRate: number; channels: number; dataOffset: number } | null {
  if (bytes.length < 12) return null;
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE')
    throw new IngestError('corrupt', 'ffmpeg wrote no WAV header');
  let offset = 12;
  let format: { sampleRate: number; channels: number } | null = null;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'data') {
      if (!format) throw new IngestError('corrupt', 'ffmpeg wrote no fmt chunk');
      return { ...format, dataOffset: offset + 8 };
    }
    if (offset + 8 + size > bytes.length) return null;
    if (id === 'fmt ') {
      const channels = bytes.readUInt16LE(offset + 10);
      const sampleRate = bytes.readUInt32LE(offset + 12);
      const bits = bytes.readUInt16LE(offset + 22);
      if (bits !== 32 || channels < 1 || sampleRate < 1) throw new IngestError('corrupt', 'unexpected ffmpeg output');
      format = { sampleRate, channels };
    }
    offset += 8 + size + (size & 1);
  }
  return null;
}

/**
 * Runs ffmpeg once on the source (streamed to its stdin with back-pressure) with the given output
 * options, handing stdout to `onData` as it arrives; onData may throw to stop ffmpeg.
 */
function runFfmpeg(
  ffmpegPath: string,
  format: AudioFormat,
  source: AudioSource,
  output: string[],
  timeoutMs: number,
  onData: (chunk: Buffer) => void,
): Promise<void> {
  const args = ffmpegArgs(format, output);
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    let stderr = '';
    let timedOut = false;
    let settled = false;
    let stopped: Error | null = null;
    const finish = (error: Error | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);

    child.stdout.on('data', (chunk: Buffer) => {
      if (stopped) return;
      try {
        onData(chunk);
      } catch (error) {
        stopped = error instanceof Error ? error : new Error(String(error));
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(error.code === 'ENOENT' ? new IngestError('needs_ffmpeg', `ffmpeg not found at ${ffmpegPath}`) : error);
    });
    child.on('close', (code, signal) => {
      if (stopped) return finish(stopped);
      if (timedOut) return finish(new Error(`ffmpeg did not finish within ${timeoutMs} ms`));
      if (code !== 0) return finish(new IngestError('corrupt', explain(stderr) ?? `ffmpeg failed (${signal ?? code})`));
      finish(null);
    });
    // ffmpeg may stop reading early (bad data, or killed): the outcome is reported at close.
    child.stdin.on('error', () => undefined);
    pipeline(Readable.from(source.chunks()), child.stdin).catch(() => undefined);
  });
}

/** The most telling line of ffmpeg's error output ("Invalid data found when processing input"). */
function explain(stderr: string): string | null {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !/broken pipe/i.test(l));
  const last = lines[lines.length - 1];
  if (!last) return null;
  return last.replace(/^pipe:0:\s*/, '').slice(0, 300);
}
