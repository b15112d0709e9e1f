import { rm } from 'node:fs/promises';
import { fileOutput, memoryOutput, type ByteOutput } from '../codecs/byte-output.js';
import { loadMp3Encoder, openMp3Output, type Mp3OutputWriter } from '../codecs/mp3-encode.js';
import { WavStreamWriter } from '../codecs/wav-writer.js';
import { streamAudio, type StreamInfo } from '../ingest/decode.js';
import { downmixChunkToStereo } from '../ingest/downmix.js';
import { IngestError } from '../ingest/errors.js';
import { INGEST_LIMITS } from '../ingest/limits.js';
import { previewRate } from '../ingest/preview.js';
import { StreamResampler } from '../ingest/resample.js';
import { bytesSource, fileSource, type AudioSource } from '../ingest/source.js';

/** The licensed files a buyer can download: the spec's MP3 (default) and a lossless WAV. */
export const DELIVERY_FORMATS = ['mp3', 'wav'] as const;
export type DeliveryFormat = (typeof DELIVERY_FORMATS)[number];

/** Bit rate of the licensed MP3. */
export const DELIVERY_MP3_KBPS = 320;

/** Frames handed to an encoder at a time: a decoded chunk is cut into slices of at most this. */
export const DELIVERY_SLICE_FRAMES = 32 * 1024;

/** What a streamed delivery encode held, whatever the length of the audio (issue 31). */
interface DeliveryBuffers {
  /** The largest chunk the decoder handed on (frames). */
  chunkFrames: number;
  /** The largest slice handed to the encoder (frames): at most DELIVERY_SLICE_FRAMES. */
  sliceFrames: number;
  /** Bytes of the writer's own buffer (the WAV's PCM scratch; 0 for the MP3, whose encoder has its own). */
  writerBytes: number;
  /** The largest single write to the output (bytes): the header, a slice, or an encoder's frames. */
  largestWrite: number;
}

/** A delivery file written by `encodeDeliveryTo`. */
export interface WrittenDelivery {
  format: DeliveryFormat;
  /** Bytes written. */
  size: number;
  sampleRate: number;
  channels: number;
  /** PCM depth of a WAV; null for the MP3. */
  bitDepth: 16 | 24 | null;
  /** Frames of the source decoded. */
  frames: number;
  buffers: DeliveryBuffers;
}

export interface DeliveryEncodeOptions {
  /** ffmpeg executable for FLAC, AIFF and OGG: a path, null for none, or (default) `findFfmpeg()`. */
  ffmpegPath?: string | null;
  ffmpegTimeoutMs?: number;
}

/** The encoder of one delivery format, fed the source's chunks. */
interface DeliveryEncoder {
  write(slice: Float32Array[]): void;
  finish(): void;
  readonly writerBytes: number;
}

/**
 * Encodes a licensed delivery file from a private original (any accepted upload format, or the
 * demo's WAV masters) as a stream: the source is read in chunks, decoded chunk by chunk
 * (streamAudio) and written to `out` as it goes, so neither the signal nor the output is ever whole
 * in memory (a 300 KB FLAC of 20 minutes at 96 kHz costs what a short one does).
 * - `mp3`: a 320 kbps CBR MP3, stereo (mono stays mono; more channels are downmixed, chunk by chunk:
 *   a mix beyond full scale is clipped), at the preview's rate (the source's when MPEG has it, else
 *   44.1/48 kHz, resampled chunk by chunk: the same samples as resampling the whole);
 * - `wav`: PCM at the original's rate, channels and depth (16-bit for 16-bit and lossy sources, 24-bit
 *   for deeper or float ones): the licensed master, never resampled; the header states the expected
 *   length and is patched at the end if the stream held another.
 * The original's size is checked before anything is decoded; a stream that runs past what was stated
 * (by a second, or at all for a WAV) is refused as damaged. CPU-heavy: run it on the audio pool.
 */
export async function encodeDeliveryTo(
  source: AudioSource,
  format: DeliveryFormat,
  out: ByteOutput,
  opts: DeliveryEncodeOptions = {},
): Promise<WrittenDelivery> {
  // The sink's `start` is synchronous: the MP3 encoder (a LAME instance of its own) is loaded first.
  const lame = format === 'mp3' ? await loadMp3Encoder() : null;
  const buffers: DeliveryBuffers = { chunkFrames: 0, sliceFrames: 0, writerBytes: 0, largestWrite: 0 };
  const counted: ByteOutput = {
    write(bytes) {
      if (bytes.length > buffers.largestWrite) buffers.largestWrite = bytes.length;
      out.write(bytes);
    },
    patch: (offset, bytes) => out.patch(offset, bytes),
    get size() {
      return out.size;
    },
  };
  const start = counted.size;
  let info: StreamInfo | null = null;
  let encoder: DeliveryEncoder | null = null;
  let frames = 0;
  let limit = 0;
  await streamAudio(
    source,
    {
      start(started) {
        info = started;
        // As a whole decode's arrays: the stated length, plus a second for compressed formats.
        limit = started.expectedFrames + (started.format === 'wav' ? 0 : started.sampleRate);
        encoder = format === 'mp3' ? mp3Encoder(started, lame!, counted) : wavEncoder(started, counted);
      },
      write(chunk) {
        const length = chunk[0]?.length ?? 0;
        if (frames + length > limit) throw new IngestError('corrupt', 'the audio runs longer than the file says');
        frames += length;
        if (length > buffers.chunkFrames) buffers.chunkFrames = length;
        for (let from = 0; from < length; from += DELIVERY_SLICE_FRAMES) {
          const to = Math.min(length, from + DELIVERY_SLICE_FRAMES);
          if (to - from > buffers.sliceFrames) buffers.sliceFrames = to - from;
          encoder!.write(from === 0 && to === length ? chunk : chunk.map((c) => c.subarray(from, to)));
        }
      },
    },
    {
      ffmpegPath: opts.ffmpegPath,
      ffmpegTimeoutMs: opts.ffmpegTimeoutMs,
      onMeasured: ({ sampleRate, channels, durationS }) => {
        const samples = Math.ceil(durationS * sampleRate) * channels;
        if (samples > INGEST_LIMITS.maxDecodedSamples) throw new IngestError('too_large', samples);
      },
    },
  );
  const stream = info as StreamInfo | null;
  const running = encoder as DeliveryEncoder | null;
  if (!stream || !running || frames === 0) throw new IngestError('corrupt', 'no audio decoded');
  running.finish();
  buffers.writerBytes = running.writerBytes;
  const mp3 = format === 'mp3';
  return {
    format,
    size: counted.size - start,
    sampleRate: mp3 ? previewRate(stream.sampleRate) : stream.sampleRate,
    channels: mp3 ? Math.min(2, stream.channels) : stream.channels,
    bitDepth: mp3 ? null : stream.bitDepth,
    frames,
    buffers,
  };
}

function mp3Encoder(
  info: StreamInfo,
  lame: Awaited<ReturnType<typeof loadMp3Encoder>>,
  out: ByteOutput,
): DeliveryEncoder {
  const channels = Math.min(2, info.channels) as 1 | 2;
  const rate = previewRate(info.sampleRate);
  const resampler = rate === info.sampleRate ? null : new StreamResampler(channels, info.sampleRate, rate);
  const writer: Mp3OutputWriter = openMp3Output(lame, channels, rate, DELIVERY_MP3_KBPS, out);
  return {
    write(slice) {
      const stereo = downmixChunkToStereo(slice);
      writer.write(resampler ? resampler.push(stereo) : stereo);
    },
    finish() {
      if (resampler) writer.write(resampler.finish());
      writer.finish();
    },
    writerBytes: 0,
  };
}

function wavEncoder(info: StreamInfo, out: ByteOutput): DeliveryEncoder {
  const writer = new WavStreamWriter(out, info.channels, info.sampleRate, info.bitDepth, info.expectedFrames);
  return {
    write: (slice) => writer.write(slice),
    finish: () => void writer.finish(),
    writerBytes: writer.bufferBytes,
  };
}

/**
 * `encodeDeliveryTo` from a file (read in chunks) to a file (created mode 600, written in chunks): what
 * the audio pool runs for the server. A failed encode leaves no output file behind.
 */
export async function encodeDeliveryFile(
  input: string,
  output: string,
  format: DeliveryFormat,
  opts: DeliveryEncodeOptions = {},
): Promise<WrittenDelivery> {
  const source = await fileSource(input);
  const out = fileOutput(output);
  try {
    return await encodeDeliveryTo(source, format, out, opts);
  } catch (error) {
    out.close();
    await rm(output, { force: true });
    throw error;
  } finally {
    out.close();
  }
}

/** `encodeDeliveryTo` from bytes to bytes (small files, tests): the output is whole in memory, the signal never. */
export async function encodeDeliveryBytes(
  bytes: Uint8Array,
  format: DeliveryFormat,
  opts: DeliveryEncodeOptions = {},
): Promise<WrittenDelivery & { bytes: Uint8Array }> {
  const out = memoryOutput();
  const written = await encodeDeliveryTo(bytesSource(bytes), format, out, opts);
  return { ...written, bytes: out.bytes() };
}
