import { writeFile, mkdtemp, rm, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computePeaks, mixToMono } from '../analysis/peaks.js';
import { encodeWavPcm, sine, toneThenSilenceFlac } from '../testing/audio-fixtures.js';
import { analyzeSource, analyzeUpload } from './analyze.js';
import { IngestError } from './errors.js';
import { ffmpegArgs, findFfmpeg } from './ffmpeg.js';
import { LoudnessMeter, measureLoudness } from './loudness.js';
import { resample, StreamResampler } from './resample.js';
import { fileSource } from './source.js';
import { ANALYSIS_BUFFER_LIMIT, PeakMeter } from './stream-analysis.js';

const ffmpeg = await findFfmpeg();
const dir = await mkdtemp(join(tmpdir(), 'tarab-stream-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Splits planar audio into chunks of uneven sizes (a decoder's chunks never line up with anything). */
function* chunks(channels: Float32Array[], sizes = [1, 7, 4096, 333, 65_536, 12_345]): Generator<Float32Array[]> {
  const n = channels[0]!.length;
  for (let at = 0, i = 0; at < n; i++) {
    const size = sizes[i % sizes.length]!;
    yield channels.map((c) => c.subarray(at, Math.min(n, at + size)));
    at += size;
  }
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('streaming analysis gives what the whole-signal functions give', () => {
  it.each([
    [96_000, 48_000],
    [44_100, 48_000],
    [192_000, 44_100],
  ])('StreamResampler %i → %i Hz: the same samples as resample(), whatever the chunks', (from, to) => {
    const input = sine(997, 0.7, from, 0.5, 2);
    const whole = resample(input, from, to);
    const stream = new StreamResampler(2, from, to);
    const left: Float32Array[] = [];
    const right: Float32Array[] = [];
    for (const chunk of chunks(input)) {
      const [l, r] = stream.push(chunk) as [Float32Array, Float32Array];
      left.push(l);
      right.push(r);
    }
    const [l, r] = stream.finish() as [Float32Array, Float32Array];
    expect(concat([...left, l])).toEqual(whole[0]);
    expect(concat([...right, r])).toEqual(whole[1]);
  });

  it('LoudnessMeter and PeakMeter: the same loudness and peaks as measureLoudness and computePeaks (5.1)', () => {
    const six = sine(440, 3.3, 48_000, 0.3, 6).map((c, i) =>
      c.map((v, k) => v * (1 + 0.1 * i) * (k % 9_000 < 4_000 ? 1 : 0.2)),
    );
    const meter = new LoudnessMeter(6, 48_000, 10 * 48_000);
    const peaks = new PeakMeter(six[0]!.length, 500);
    for (const chunk of chunks(six)) {
      meter.write(chunk);
      peaks.write(chunk);
    }
    expect(meter.finish()).toBe(measureLoudness(six, 48_000));
    expect(peaks.finish()).toEqual(computePeaks(mixToMono(six), 500));
  });
});

describe.skipIf(!ffmpeg)('hostile compressed files are analysed in bounded memory (issue 31)', () => {
  it('a small 96 kHz 5.1 FLAC that expands to minutes is analysed as 48 kHz stereo, holding a bounded window, not the decoded file', async () => {
    const seconds = 100;
    const flac = await toneThenSilenceFlac(96_000, '5.1', seconds);
    expect(flac.length).toBeLessThan(1_000_000);
    const result = await analyzeUpload(flac);
    // The master's own facts…
    expect(result).toMatchObject({ format: 'flac', sampleRate: 96_000, channelCount: 6, durationS: seconds });
    // …but the analysis ran on at most 48 kHz stereo, of the full length,
    expect(result.signal).toMatchObject({ sampleRate: 48_000, channels: 2, frames: seconds * 48_000 });
    // and held only its bounded arrays: far less than the decoded audio (100 s × 96 kHz × 6 × 4 B = 230 MB),
    // or even than the analysis signal itself (100 s × 48 kHz × 2 × 4 B = 38 MB).
    expect(result.signal.bufferBytes).toBeLessThanOrEqual(ANALYSIS_BUFFER_LIMIT);
    expect(result.signal.bufferBytes).toBeLessThan(seconds * 48_000 * 2 * 4);
    // The tone's 3 s fill the first 15 of 500 buckets (0.2 s each), silence the rest.
    expect(Math.min(...result.peaks.slice(0, 15))).toBeGreaterThan(0.9);
    expect(Math.max(...result.peaks.slice(16))).toBe(0);
  });

  it('a FLAC whose header hides its length is measured first (counting pass), then streamed the same way', async () => {
    const flac = await toneThenSilenceFlac(96_000, 'stereo', 40);
    flac[4 + 4 + 13] = flac[4 + 4 + 13]! & 0xf0; // STREAMINFO total samples: 0 (unknown)
    flac.fill(0, 4 + 4 + 14, 4 + 4 + 18);
    const result = await analyzeUpload(flac);
    expect(result.durationS).toBe(40);
    expect(result.signal).toMatchObject({ sampleRate: 48_000, channels: 2, frames: 40 * 48_000 });
  });
});

describe('ffmpeg reads an upload as its magic bytes say, from stdin only (issue 31)', () => {
  it('forces the sniffed demuxer with -f and allows only the pipe protocol', () => {
    for (const format of ['flac', 'ogg', 'aiff', 'wav', 'mp3'] as const) {
      const args = ffmpegArgs(format, ['-f', 'wav']);
      const input = args.indexOf('-i');
      expect(args[input + 1]).toBe('pipe:0');
      expect(args.slice(0, input)).toEqual(expect.arrayContaining(['-f', format, '-protocol_whitelist', 'pipe']));
      expect(args[args.indexOf('-protocol_whitelist') + 1]).toBe('pipe');
      expect(args[args.indexOf('-f') + 1]).toBe(format);
    }
  });

  it('refuses a format it was not built for before anything is spawned', () => {
    for (const format of ['hls', 'concat', 'image2', '__proto__', 'toString', '']) {
      expect(() => ffmpegArgs(format, [])).toThrow(IngestError);
    }
  });

  it('a FLAC named .mp3 and a WAV named .flac are read as FLAC (ffmpeg -f flac) and WAV (natively)', async () => {
    // A stand-in ffmpeg that records how it was called.
    const log = join(dir, 'argv.log');
    const fake = join(dir, 'fake-ffmpeg.sh');
    await writeFile(fake, `#!/bin/sh\necho "$@" >> '${log}'\ncat > /dev/null\nexit 1\n`, { mode: 0o755 });
    const flacBytes = new Uint8Array(4096);
    flacBytes.set(new TextEncoder().encode('fLaC'));
    const flacAsMp3 = join(dir, 'song.mp3');
    await writeFile(flacAsMp3, flacBytes);
    const error = await analyzeSource(await fileSource(flacAsMp3), { ffmpegPath: fake }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    const argv = (await readFile(log, 'utf8')).trim().split(' ');
    expect(argv.slice(0, argv.indexOf('-i'))).toEqual(expect.arrayContaining(['-f', 'flac']));
    expect(argv).toContain('-protocol_whitelist');

    const wavAsFlac = join(dir, 'take.flac');
    await writeFile(wavAsFlac, encodeWavPcm(sine(440, 1.5, 44_100, 0.5), 44_100, 'pcm16'));
    const result = await analyzeSource(await fileSource(wavAsFlac), { ffmpegPath: fake });
    expect(result.format).toBe('wav');
    expect((await readFile(log, 'utf8')).trim().split('\n')).toHaveLength(1); // ffmpeg was not run for the WAV
  });
});
