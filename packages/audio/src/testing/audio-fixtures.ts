/**
 * Audio files for tests of the ingestion pipeline (and of the server's upload handling).
 * Import from '@tarab/audio/testing', never from production code.
 *
 * - sine(freq, seconds, sampleRate, amplitude, channels = 2): a tone, one Float32Array per channel.
 * - encodeWavPcm(channels, sampleRate, format): a WAV file (16/24-bit PCM or 32-bit float).
 * - encodeWithFfmpeg(wavBytes, 'flac' | 'aiff' | 'ogg'): the same audio in another container
 *   (needs ffmpeg; rejects with a clear error without it).
 * - truncated(bytes, keepFraction): the first part of a file, as a broken upload.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFfmpeg } from '../ingest/ffmpeg.js';

export type WavSampleFormat = 'pcm16' | 'pcm24' | 'float32';

/** A sine tone; amplitude is the peak (1 = full scale), every channel identical. */
export function sine(
  freq: number,
  seconds: number,
  sampleRate: number,
  amplitude: number,
  channels = 2,
): Float32Array[] {
  const frames = Math.round(seconds * sampleRate);
  const tone = new Float32Array(frames);
  const w = (2 * Math.PI * freq) / sampleRate;
  for (let i = 0; i < frames; i++) tone[i] = amplitude * Math.sin(w * i);
  return Array.from({ length: channels }, () => tone.slice());
}

/**
 * A WAV file. Mono and stereo use the plain format tags (1 = PCM, 3 = float); more channels, or
 * `extensible: true`, use WAVE_FORMAT_EXTENSIBLE. Integer samples are rounded and clipped.
 */
export function encodeWavPcm(
  channels: Float32Array[],
  sampleRate: number,
  format: WavSampleFormat,
  opts: { extensible?: boolean } = {},
): Uint8Array {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const bytesPerSample = format === 'pcm16' ? 2 : format === 'pcm24' ? 3 : 4;
  const extensible = opts.extensible ?? count > 2;
  const fmtSize = extensible ? 40 : 16;
  const dataBytes = frames * count * bytesPerSample;
  const headerBytes = 12 + 8 + fmtSize + 8;
  const out = new Uint8Array(headerBytes + dataBytes + (dataBytes & 1));
  const view = new DataView(out.buffer);
  const text = (offset: number, s: string): void => {
    for (let i = 0; i < s.length; i++) out[offset + i] = s.charCodeAt(i);
  };
  const tag = format === 'float32' ? 3 : 1;
  text(0, 'RIFF');
  view.setUint32(4, out.length - 8, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, fmtSize, true);
  view.setUint16(20, extensible ? 0xfffe : tag, true);
  view.setUint16(22, count, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * count * bytesPerSample, true);
  view.setUint16(32, count * bytesPerSample, true);
  view.setUint16(34, bytesPerSample * 8, true);
  if (extensible) {
    view.setUint16(36, 22, true);
    view.setUint16(38, bytesPerSample * 8, true);
    view.setUint32(40, count >= 32 ? 0 : 2 ** count - 1, true);
    // Sub-format GUID 0000000X-0000-0010-8000-00AA00389B71.
    view.setUint16(44, tag, true);
    out.set([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71], 46);
  }
  const data = 20 + fmtSize;
  text(data, 'data');
  view.setUint32(data + 4, dataBytes, true);
  let p = data + 8;
  if (format === 'pcm16' && p % 2 === 0) {
    // Fast path (little-endian hosts, as Node runs on): write through an Int16Array.
    const pcm = new Int16Array(out.buffer, p, frames * count);
    for (let c = 0; c < count; c++) {
      const src = channels[c] as Float32Array;
      for (let i = 0, j = c; i < frames; i++, j += count) pcm[j] = clip(Math.round((src[i] as number) * 32768), 16);
    }
    return out;
  }
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < count; c++) {
      const v = (channels[c] as Float32Array)[i] as number;
      if (format === 'float32') view.setFloat32(p, v, true);
      else if (format === 'pcm16') view.setInt16(p, clip(Math.round(v * 32768), 16), true);
      else {
        const s = clip(Math.round(v * 8388608), 24);
        view.setUint8(p, s & 0xff);
        view.setUint8(p + 1, (s >> 8) & 0xff);
        view.setInt8(p + 2, s >> 16);
      }
      p += bytesPerSample;
    }
  }
  return out;
}

function clip(v: number, bits: number): number {
  const max = 2 ** (bits - 1);
  return v > max - 1 ? max - 1 : v < -max ? -max : v;
}

/** The audio of a WAV file re-encoded by ffmpeg as FLAC, AIFF (16-bit PCM) or OGG (Vorbis). */
export async function encodeWithFfmpeg(wavBytes: Uint8Array, format: 'flac' | 'aiff' | 'ogg'): Promise<Uint8Array> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('encodeWithFfmpeg: ffmpeg is not on PATH');
  // Files, not pipes: the AIFF muxer writes its chunk sizes by seeking back.
  const dir = await mkdtemp(join(tmpdir(), 'tarab-fixture-'));
  try {
    const input = join(dir, 'in.wav');
    const output = join(dir, `out.${format}`);
    await writeFile(input, wavBytes);
    await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, output]);
    return new Uint8Array(await readFile(output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A "decompression bomb": FLAC of digital silence (constant blocks compress to almost nothing)
 * at the given rate, channel layout (e.g. 'stereo', '7.1') and length. With `hideLength`, the
 * STREAMINFO's total-samples field is zeroed ("unknown"), as a streamed or hostile file has it.
 */
export async function silentFlac(
  sampleRate: number,
  layout: string,
  seconds: number,
  opts: { hideLength?: boolean } = {},
): Promise<Uint8Array> {
  const bytes = await ffmpegFlac('silentFlac', [
    '-f',
    'lavfi',
    '-i',
    `anullsrc=r=${sampleRate}:cl=${layout}`,
    '-t',
    String(seconds),
    '-c:a',
    'flac',
  ]);
  if (opts.hideLength) {
    // STREAMINFO follows "fLaC" and its 4-byte block header; total samples: 36 bits from byte 21.
    bytes[4 + 4 + 13] = (bytes[4 + 4 + 13] as number) & 0xf0;
    bytes.fill(0, 4 + 4 + 14, 4 + 4 + 18);
  }
  return bytes;
}

/**
 * A FLAC of `toneSeconds` of a 440 Hz tone then silence, `seconds` in all: a few hundred KB that
 * decode to the full length (a 20-minute 96 kHz stereo one is about 300 KB). Made by ffmpeg.
 */
export async function toneThenSilenceFlac(
  sampleRate: number,
  layout: string,
  seconds: number,
  toneSeconds = 3,
): Promise<Uint8Array> {
  return ffmpegFlac('toneThenSilenceFlac', [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=${sampleRate}:duration=${toneSeconds}`,
    '-f',
    'lavfi',
    '-i',
    `anullsrc=r=${sampleRate}:cl=${layout}`,
    '-filter_complex',
    `[0]aformat=channel_layouts=${layout}[a];[a][1]concat=n=2:v=0:a=1`,
    '-t',
    String(seconds),
    '-c:a',
    'flac',
    '-sample_fmt',
    's16',
  ]);
}

/** Runs ffmpeg with `args` (inputs and codec) into a FLAC in a temporary folder and answers its bytes. */
async function ffmpegFlac(caller: string, args: string[]): Promise<Uint8Array> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error(`${caller}: ffmpeg is not on PATH`);
  const dir = await mkdtemp(join(tmpdir(), 'tarab-fixture-'));
  try {
    const output = join(dir, 'fixture.flac');
    await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, output]);
    return new Uint8Array(await readFile(output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${stderr}`))));
  });
}

/** The first `keepFraction` of a file (a cut-off upload). */
export function truncated(bytes: Uint8Array, keepFraction: number): Uint8Array {
  return bytes.slice(0, Math.max(0, Math.floor(bytes.length * keepFraction)));
}
