import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { IngestError } from './errors.js';
import { INGEST_LIMITS } from './limits.js';

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

export interface FfmpegDecoded {
  sampleRate: number;
  /** One array per channel, floats in [-1, 1]. */
  channels: Float32Array[];
}

/**
 * Decodes any audio ffmpeg reads (first audio stream, at most 20 min + 1 s) without holding more
 * than the decoded samples themselves, and without allocating them before their size is known:
 * 1. a counting pass (mono, 1 kHz, bytes counted and dropped) measures the exact duration; the
 *    caller's `onMeasured` may refuse the file there (a small FLAC of constant blocks that would
 *    expand to gigabytes is refused without allocating anything);
 * 2. the decoding pass streams 32-bit float WAV from ffmpeg straight into per-channel arrays sized
 *    from pass 1 (ffmpeg is killed if it delivers more than measured).
 * The input goes through stdin; ffmpeg is spawned with an argument list (no shell) and killed after
 * the time limit. A file ffmpeg cannot read is an IngestError('corrupt') with ffmpeg's own
 * explanation; a missing executable is IngestError('needs_ffmpeg').
 */
export async function decodeWithFfmpeg(
  ffmpegPath: string,
  input: Uint8Array,
  opts: FfmpegDecodeOptions = {},
): Promise<FfmpegDecoded> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let counted = 0;
  await runFfmpeg(ffmpegPath, input, ['-ac', '1', '-ar', String(COUNT_RATE), '-f', 'u8'], timeoutMs, (chunk) => {
    counted += chunk.length;
  });
  const durationS = counted / COUNT_RATE;
  let sink: PcmSink | undefined;
  await runFfmpeg(ffmpegPath, input, ['-f', 'wav', '-acodec', 'pcm_f32le'], timeoutMs, (chunk) => {
    sink ??= new PcmSink(durationS, opts.onMeasured);
    sink.write(chunk);
  });
  if (!sink) throw new IngestError('corrupt', 'ffmpeg produced no audio');
  return sink.finish();
}

/** Receives ffmpeg's float WAV on the fly: header first, then samples deinterleaved into place. */
class PcmSink {
  private header: Buffer = Buffer.alloc(0);
  private channels: Float32Array[] | null = null;
  private sampleRate = 0;
  private frames = 0;
  private capacity = 0;
  private carry: Buffer = Buffer.alloc(0);

  constructor(
    private readonly durationS: number,
    private readonly onMeasured: FfmpegDecodeOptions['onMeasured'],
  ) {}

  write(chunk: Buffer): void {
    if (!this.channels) {
      this.header = Buffer.concat([this.header, chunk]);
      const parsed = parseStreamingWavHeader(this.header);
      if (!parsed) {
        if (this.header.length > HEADER_LIMIT) throw new IngestError('corrupt', 'ffmpeg wrote no WAV header');
        return;
      }
      this.sampleRate = parsed.sampleRate;
      this.onMeasured?.({ sampleRate: parsed.sampleRate, channels: parsed.channels, durationS: this.durationS });
      // One second of slack over the measured length (the counting pass resamples).
      this.capacity = Math.ceil(this.durationS * parsed.sampleRate) + parsed.sampleRate;
      this.channels = Array.from({ length: parsed.channels }, () => new Float32Array(this.capacity));
      chunk = this.header.subarray(parsed.dataOffset);
      this.header = Buffer.alloc(0);
    }
    const channels = this.channels;
    const count = channels.length;
    const frameBytes = 4 * count;
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = Math.floor(bytes.length / frameBytes);
    if (this.frames + whole > this.capacity)
      throw new IngestError('corrupt', 'ffmpeg decoded more audio than it measured');
    for (let i = 0, p = 0; i < whole; i++) {
      const frame = this.frames + i;
      for (let c = 0; c < count; c++, p += 4) (channels[c] as Float32Array)[frame] = bytes.readFloatLE(p);
    }
    this.frames += whole;
    this.carry = Buffer.from(bytes.subarray(whole * frameBytes));
  }

  finish(): FfmpegDecoded {
    const channels = (this.channels ?? []).map((ch) => ch.slice(0, this.frames));
    if (channels.length === 0) throw new IngestError('corrupt', 'ffmpeg produced no audio');
    return { sampleRate: this.sampleRate, channels };
  }
}

/** The format and the start of the samples of a WAV that ffmpeg streams (data size unknown). */
export function parseStreamingWavHeader(
  bytes: Buffer,
): { sampleRate: number; channels: number; dataOffset: number } | null {
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
 * Runs ffmpeg once on `input` (first audio stream, at most MAX_DECODE_S seconds) with the given
 * output options, handing stdout to `onData` as it arrives; onData may throw to stop ffmpeg.
 */
function runFfmpeg(
  ffmpegPath: string,
  input: Uint8Array,
  output: string[],
  timeoutMs: number,
  onData: (chunk: Buffer) => void,
): Promise<void> {
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
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
    // ffmpeg may stop reading early (bad data, or killed); the outcome is reported at close.
    child.stdin.on('error', () => undefined);
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(error.code === 'ENOENT' ? new IngestError('needs_ffmpeg', `ffmpeg not found at ${ffmpegPath}`) : error);
    });
    child.on('close', (code, signal) => {
      if (stopped) return finish(stopped);
      if (timedOut) return finish(new Error(`ffmpeg did not finish within ${timeoutMs} ms`));
      if (code !== 0) return finish(new IngestError('corrupt', explain(stderr) ?? `ffmpeg failed (${signal ?? code})`));
      finish(null);
    });
    child.stdin.end(input);
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
