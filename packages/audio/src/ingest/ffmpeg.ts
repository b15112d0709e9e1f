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
  /** Kill ffmpeg after this long (default 120 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;
/** Decode a little past the longest accepted duration, so longer files are still seen as too long. */
const MAX_DECODE_S = INGEST_LIMITS.maxDurationS + 1;
const STDERR_LIMIT = 8 * 1024;

/**
 * Decodes any audio ffmpeg reads to a WAV of 32-bit float samples (first audio stream, at most
 * 20 min + 1 s). The input goes through stdin and the WAV comes back on stdout; ffmpeg is spawned
 * with an argument list (no shell) and killed after the time limit. A file ffmpeg cannot read
 * is an IngestError('corrupt') with ffmpeg's own explanation; a missing executable is
 * IngestError('needs_ffmpeg').
 */
export function decodeWithFfmpeg(
  ffmpegPath: string,
  input: Uint8Array,
  opts: FfmpegDecodeOptions = {},
): Promise<Uint8Array> {
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
    '-f',
    'wav',
    '-acodec',
    'pcm_f32le',
    'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    const chunks: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    let settled = false;
    const finish = (error: Error | null, value?: Uint8Array): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value as Uint8Array);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);

    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.toString('utf8');
    });
    // ffmpeg may stop reading early (bad data); the broken pipe is reported through its exit code.
    child.stdin.on('error', () => undefined);
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(error.code === 'ENOENT' ? new IngestError('needs_ffmpeg', `ffmpeg not found at ${ffmpegPath}`) : error);
    });
    child.on('close', (code, signal) => {
      if (timedOut) return finish(new Error(`ffmpeg did not finish within ${opts.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`));
      if (code !== 0) return finish(new IngestError('corrupt', explain(stderr) ?? `ffmpeg failed (${signal ?? code})`));
      const out = Buffer.concat(chunks);
      finish(null, new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
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
