import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ByteOutput } from '../codecs/byte-output.js';
import { decodeMp3 } from '../codecs/mp3-decode.js';
import { encodeMp3 } from '../codecs/mp3-encode.js';
import { encodeWav } from '../codecs/wav.js';
import { WAV_HEADER_BYTES, WAV_WRITER_SLICE_FRAMES, wavHeader, WavStreamWriter } from '../codecs/wav-writer.js';
import { decodeAudio } from '../ingest/decode.js';
import { findFfmpeg } from '../ingest/ffmpeg.js';
import { encodeMp3FromAny } from '../ingest/preview.js';
import { bytesSource, CHUNK_BYTES, type AudioSource } from '../ingest/source.js';
import { encodeWavPcm, encodeWithFfmpeg, sine } from '../testing/audio-fixtures.js';
import {
  DELIVERY_MP3_KBPS,
  DELIVERY_SLICE_FRAMES,
  encodeDeliveryFile,
  encodeDeliveryTo,
  type DeliveryFormat,
} from './stream-delivery.js';
import { encodeDelivery } from './encode-delivery.js';

const ffmpeg = await findFfmpeg();

/** The delivery encoder as it was before issue 31: the whole original decoded, then the whole file encoded. */
async function wholeBufferDelivery(original: Uint8Array, format: DeliveryFormat): Promise<Uint8Array> {
  const decoded = await decodeAudio(original);
  return format === 'mp3'
    ? encodeMp3FromAny(decoded.channels, decoded.sampleRate, DELIVERY_MP3_KBPS)
    : encodeWav(decoded.channels, decoded.sampleRate, decoded.bitDepth);
}

/** Two different tones, so a swapped or mixed channel shows. */
function stereoTone(seconds: number, rate: number): Float32Array[] {
  const [left] = sine(440, seconds, rate, 0.5, 1);
  const [right] = sine(660, seconds, rate, 0.3, 1);
  return [left!, right!];
}

/** An output that keeps nothing: its size, the header (the first 44 bytes) and any patches to it. */
function countingOutput() {
  let size = 0;
  const header = new Uint8Array(WAV_HEADER_BYTES);
  const output: ByteOutput = {
    write(bytes) {
      if (size < WAV_HEADER_BYTES) header.set(bytes.subarray(0, WAV_HEADER_BYTES - size), size);
      size += bytes.length;
    },
    patch(offset, bytes) {
      if (offset < WAV_HEADER_BYTES) header.set(bytes.subarray(0, WAV_HEADER_BYTES - offset), offset);
    },
    get size() {
      return size;
    },
  };
  return { output, header };
}

/**
 * A WAV of `seconds` of silence that exists only as it is read (its data are served from one shared
 * block of zeros): a hostile length without a hostile file on disk.
 */
function virtualWav(seconds: number, rate: number, channels: number, bits: 16 | 24): AudioSource {
  const dataBytes = seconds * rate * channels * (bits / 8);
  const header = wavHeader(channels, rate, bits, dataBytes);
  const size = WAV_HEADER_BYTES + dataBytes;
  const zeros = new Uint8Array(CHUNK_BYTES);
  const slice = (offset: number, end: number) => {
    const out = new Uint8Array(end - offset);
    if (offset < WAV_HEADER_BYTES) out.set(header.subarray(offset, Math.min(end, WAV_HEADER_BYTES)));
    return out;
  };
  return {
    size,
    read: (offset, length) => Promise.resolve(slice(offset, Math.min(size, offset + length))),
    async *chunks(start = 0, end = size) {
      for (let at = start; at < Math.min(end, size); at += CHUNK_BYTES) {
        const to = Math.min(end, size, at + CHUNK_BYTES);
        yield at < WAV_HEADER_BYTES ? slice(at, to) : zeros.subarray(0, to - at);
      }
    },
  };
}

/** The facts of a canonical WAV header. */
function headerFacts(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    riff: view.getUint32(4, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    bits: view.getUint16(34, true),
    data: view.getUint32(40, true),
  };
}

describe('delivery files are encoded as a stream (issue 31)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tarab-stream-delivery-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const masters: [string, () => Uint8Array | Promise<Uint8Array>][] = [
    // 5 s of 96 kHz 24-bit stereo: 2.9 MB, three source chunks, dozens of slices; the MP3 is resampled.
    ['a 96 kHz 24-bit stereo WAV', () => encodeWavPcm(stereoTone(5, 96_000), 96_000, 'pcm24')],
    ['a 44.1 kHz 16-bit stereo WAV', () => encodeWavPcm(stereoTone(4, 44_100), 44_100, 'pcm16')],
    ['a 48 kHz float mono WAV', () => encodeWavPcm(sine(330, 3, 48_000, 0.6, 1), 48_000, 'float32')],
    ['an MP3 (the decoded length differs from the estimate)', () => encodeMp3(stereoTone(3, 44_100), 44_100, 192)],
  ];
  if (ffmpeg)
    masters.push([
      'a 96 kHz 24-bit FLAC',
      () => encodeWithFfmpeg(encodeWavPcm(stereoTone(3, 96_000), 96_000, 'pcm24'), 'flac'),
    ]);

  it.each(masters)(
    'writes %s, in chunks to a file, byte for byte as the whole-buffer encoder did (MP3 and WAV)',
    async (_, make) => {
      const original = await make();
      const input = join(dir, 'original');
      await writeFile(input, original);
      for (const format of ['mp3', 'wav'] as const) {
        const expected = await wholeBufferDelivery(original, format);
        const out = join(dir, `delivery.${format}`);
        const written = await encodeDeliveryFile(input, out, format);
        const bytes = await readFile(out);
        expect(written.size).toBe(bytes.length);
        expect(bytes.length).toBe(expected.length);
        expect(Buffer.compare(bytes, Buffer.from(expected))).toBe(0);
        // The bytes variant (the pool's `deliver(bytes)`) writes the same.
        expect(Buffer.compare(Buffer.from((await encodeDelivery(original, format)).bytes), bytes)).toBe(0);
        expect((await stat(out)).mode & 0o777).toBe(0o600);
      }
    },
  );

  it('states the right sizes in the WAV header, also when the stream is not the length it said (patched at the end)', async () => {
    // An MP3's length is an estimate until it is decoded: the delivered WAV's header states what was written.
    const mp3 = await encodeMp3(stereoTone(2.5, 44_100), 44_100, 128);
    const decodedFrames = (await decodeMp3(mp3)).channels[0]!.length;
    const { output, header } = countingOutput();
    const written = await encodeDeliveryTo(bytesSource(mp3), 'wav', output);
    expect(written.frames).toBe(decodedFrames);
    expect(headerFacts(header)).toEqual({
      riff: output.size - 8,
      channels: 2,
      sampleRate: 44_100,
      bits: 16,
      data: decodedFrames * 2 * 2,
    });
    expect(output.size).toBe(WAV_HEADER_BYTES + decodedFrames * 4);

    // The writer alone: stated 1000 frames, given 777 of mono 24-bit (odd data, no pad byte, as encodeWav).
    const short = countingOutput();
    const writer = new WavStreamWriter(short.output, 1, 48_000, 24, 1000);
    expect(headerFacts(short.header).data).toBe(3000);
    writer.write([new Float32Array(777).fill(0.25)]);
    expect(writer.finish()).toEqual({ frames: 777, bytes: WAV_HEADER_BYTES + 777 * 3 });
    expect(headerFacts(short.header)).toMatchObject({ riff: 36 + 777 * 3, data: 777 * 3, bits: 24, channels: 1 });
    expect(short.output.size).toBe(WAV_HEADER_BYTES + 777 * 3);
  });

  it('writes the lossless master of 20 minutes of 96 kHz 24-bit stereo with bounded arrays, at its rate and depth', async () => {
    const seconds = 20 * 60;
    const { output, header } = countingOutput();
    const written = await encodeDeliveryTo(virtualWav(seconds, 96_000, 2, 24), 'wav', output);
    const frames = seconds * 96_000;
    expect(written).toMatchObject({ format: 'wav', sampleRate: 96_000, channels: 2, bitDepth: 24, frames });
    expect(output.size).toBe(WAV_HEADER_BYTES + frames * 6);
    expect(headerFacts(header)).toEqual({
      riff: 36 + frames * 6,
      channels: 2,
      sampleRate: 96_000,
      bits: 24,
      data: frames * 6,
    });
    // 691 MB went through; no array held more than a source chunk's worth: the decoder's chunk (1 MB of
    // the file), the encoder's slices (32 768 frames) and the writer's one scratch buffer.
    expect(written.buffers.chunkFrames).toBeLessThanOrEqual(Math.ceil(CHUNK_BYTES / 6));
    expect(written.buffers.sliceFrames).toBe(DELIVERY_SLICE_FRAMES);
    expect(written.buffers.writerBytes).toBe(WAV_WRITER_SLICE_FRAMES * 6);
    expect(written.buffers.largestWrite).toBeLessThanOrEqual(WAV_WRITER_SLICE_FRAMES * 6);
  }, 120_000);

  it('encodes the MP3 of a long input with the same buffers as a short one (nothing grows with the length)', async () => {
    const run = async (seconds: number) => {
      const { output } = countingOutput();
      const original = encodeWavPcm(stereoTone(seconds, 96_000), 96_000, 'pcm16');
      const written = await encodeDeliveryTo(bytesSource(original), 'mp3', output);
      return { written, size: output.size };
    };
    const short = await run(8);
    const long = await run(40);
    expect(long.written).toMatchObject({ format: 'mp3', sampleRate: 48_000, channels: 2, bitDepth: null });
    expect(long.size).toBeGreaterThan(4.5 * short.size);
    expect(long.written.buffers).toEqual(short.written.buffers);
    expect(long.written.buffers.sliceFrames).toBe(DELIVERY_SLICE_FRAMES);
    // The encoder's output goes out as it comes: no write is more than a few hundred frames of MP3.
    expect(long.written.buffers.largestWrite).toBeLessThan(512 * 1024);
  }, 120_000);

  it('refuses what is not audio, or too large, before writing anything; no output file is left behind', async () => {
    const input = join(dir, 'bad');
    const out = join(dir, 'bad.mp3');
    await writeFile(input, new TextEncoder().encode('not audio at all'));
    await expect(encodeDeliveryFile(input, out, 'mp3')).rejects.toMatchObject({ code: 'not_audio' });
    await expect(stat(out)).rejects.toMatchObject({ code: 'ENOENT' });
    // A WAV whose header states more samples than the limits allow is refused before anything is decoded.
    const { output } = countingOutput();
    await expect(encodeDeliveryTo(virtualWav(21 * 60, 192_000, 8, 16), 'wav', output)).rejects.toMatchObject({
      code: 'too_large',
    });
    expect(output.size).toBe(0);
  });
});
