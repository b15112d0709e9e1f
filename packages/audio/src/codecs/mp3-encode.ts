import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import type { ByteOutput } from './byte-output.js';
import { countFrames, Mp3FrameCounter, parseFrameHeader } from './mp3-frame-header.js';
import { buildInfoFrame } from './mp3-info-frame.js';

/** LAME's fixed encoder delay (samples) written into the Info tag; decoders add their own 529. */
const LAME_ENCODER_DELAY = 576;
const CBR_RATES = [8, 16, 24, 32, 40, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;
type CbrRate = (typeof CBR_RATES)[number];
const MPEG_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
type MpegRate = (typeof MPEG_RATES)[number];
const CHUNK = 1152 * 32;

let encoderPromise: Promise<WasmMediaEncoder<'audio/mpeg'>> | undefined;

/** One LAME (WebAssembly) instance per thread, created on first use. */
function getEncoder(): Promise<WasmMediaEncoder<'audio/mpeg'>> {
  encoderPromise ??= createMp3Encoder();
  return encoderPromise;
}

/**
 * Encodes PCM (1 or 2 channels, floats in [-1, 1]) to a constant-bitrate MP3 with a LAME Info
 * frame, so that gapless decoders return exactly the input length.
 */
export async function encodeMp3(channels: Float32Array[], sampleRate: number, kbps = 128): Promise<Uint8Array> {
  if (channels.length !== 1 && channels.length !== 2) throw new Error('encodeMp3: 1 or 2 channels');
  const bitrate = CBR_RATES.find((r) => r === kbps);
  if (bitrate === undefined) throw new Error(`encodeMp3: unsupported bitrate ${kbps}`);
  const outputRate = MPEG_RATES.find((r) => r === sampleRate);
  if (outputRate === undefined) throw new Error(`encodeMp3: unsupported sample rate ${sampleRate}`);
  const frames = channels[0]?.length ?? 0;
  const encoder = await getEncoder();
  // Everything below is synchronous: the shared encoder cannot be interleaved with another call.
  return encodeWith(encoder, channels, outputRate, bitrate, frames);
}

function encodeWith(
  encoder: WasmMediaEncoder<'audio/mpeg'>,
  channels: Float32Array[],
  sampleRate: MpegRate,
  bitrate: CbrRate,
  frames: number,
): Uint8Array {
  const writer = new Mp3Writer(encoder, channels.length === 2 ? 2 : 1, sampleRate, bitrate);
  for (let i = 0; i < frames; i += CHUNK) writer.write(channels.map((c) => c.subarray(i, Math.min(frames, i + CHUNK))));
  return writer.finish();
}

export type Mp3Encoder = WasmMediaEncoder<'audio/mpeg'>;

/** A LAME instance of its own (for one Mp3Writer: the thread's shared one serves encodeMp3). */
export function loadMp3Encoder(): Promise<Mp3Encoder> {
  return createMp3Encoder();
}

/**
 * A CBR MP3 written chunk by chunk (the samples never need to be whole in memory); `finish` adds the
 * LAME Info frame. `encoder` must not be used by anything else until then (loadMp3Encoder).
 */
export function openMp3Stream(encoder: Mp3Encoder, channelCount: 1 | 2, sampleRate: number, kbps: number): Mp3Writer {
  const bitrate = CBR_RATES.find((r) => r === kbps);
  if (bitrate === undefined) throw new Error(`encodeMp3: unsupported bitrate ${kbps}`);
  const outputRate = MPEG_RATES.find((r) => r === sampleRate);
  if (outputRate === undefined) throw new Error(`encodeMp3: unsupported sample rate ${sampleRate}`);
  return new Mp3Writer(encoder, channelCount, outputRate, bitrate);
}

export class Mp3Writer {
  private readonly parts: Uint8Array[] = [];
  private total = 0;
  private frames = 0;

  constructor(
    private readonly encoder: WasmMediaEncoder<'audio/mpeg'>,
    channelCount: 1 | 2,
    sampleRate: MpegRate,
    private readonly bitrate: CbrRate,
  ) {
    encoder.configure({ sampleRate, channels: channelCount, bitrate, outputSampleRate: sampleRate });
  }

  /** Planar samples (as many arrays as channels, equal lengths); synchronous. */
  write(channels: Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    for (let i = 0; i < length; i += CHUNK) {
      this.keep(this.encoder.encode(channels.map((c) => c.subarray(i, Math.min(length, i + CHUNK)))));
    }
    this.frames += length;
  }

  finish(): Uint8Array {
    this.keep(this.encoder.finalize());
    const audio = new Uint8Array(this.total);
    let offset = 0;
    for (const part of this.parts) {
      audio.set(part, offset);
      offset += part.length;
    }
    this.parts.length = 0;
    const first = parseFrameHeader(audio, 0);
    if (!first) throw new Error('encodeMp3: encoder produced no frames');
    const audioFrames = countFrames(audio);
    const padding = audioFrames * first.samplesPerFrame - this.frames - LAME_ENCODER_DELAY;
    const info = buildInfoFrame({
      first,
      firstHeaderBytes: audio,
      audioFrames,
      audioBytes: audio.length,
      encoderDelay: LAME_ENCODER_DELAY,
      padding,
      lowpassHz: this.bitrate >= 128 ? 17000 : 11000,
    });
    const out = new Uint8Array(info.length + audio.length);
    out.set(info);
    out.set(audio, info.length);
    return out;
  }

  private keep(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.parts.push(chunk.slice());
    this.total += chunk.length;
  }
}

/**
 * `openMp3Stream` writing to an output (a file) as it encodes: the encoder's frames are appended as
 * they come and counted on the way (Mp3FrameCounter); room for the LAME Info frame is left in front
 * and filled in by `finish`. The bytes are those Mp3Writer would return; nothing grows with the length.
 */
export function openMp3Output(
  encoder: Mp3Encoder,
  channelCount: 1 | 2,
  sampleRate: number,
  kbps: number,
  out: ByteOutput,
): Mp3OutputWriter {
  const bitrate = CBR_RATES.find((r) => r === kbps);
  if (bitrate === undefined) throw new Error(`encodeMp3: unsupported bitrate ${kbps}`);
  const outputRate = MPEG_RATES.find((r) => r === sampleRate);
  if (outputRate === undefined) throw new Error(`encodeMp3: unsupported sample rate ${sampleRate}`);
  return new Mp3OutputWriter(encoder, channelCount, outputRate, bitrate, out);
}

export class Mp3OutputWriter {
  private readonly counter = new Mp3FrameCounter();
  /** Where the Info frame goes (the output's size when the writer opened). */
  private readonly start: number;
  /** The Info frame's size, once the first frame header (which decides it) has come; -1 before. */
  private infoBytes = -1;
  /** Output held until the first header is whole (a few bytes, if the encoder ever splits it). */
  private held: Uint8Array[] = [];
  private audioBytes = 0;
  private frames = 0;

  constructor(
    private readonly encoder: WasmMediaEncoder<'audio/mpeg'>,
    channelCount: 1 | 2,
    sampleRate: MpegRate,
    private readonly bitrate: CbrRate,
    private readonly out: ByteOutput,
  ) {
    encoder.configure({ sampleRate, channels: channelCount, bitrate, outputSampleRate: sampleRate });
    this.start = out.size;
  }

  /** Planar samples (as many arrays as channels, equal lengths); synchronous. */
  write(channels: Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    for (let i = 0; i < length; i += CHUNK) {
      this.emit(this.encoder.encode(channels.map((c) => c.subarray(i, Math.min(length, i + CHUNK)))));
    }
    this.frames += length;
  }

  /** Flushes the encoder and writes the Info frame; returns the bytes written (Info frame included). */
  finish(): number {
    this.emit(this.encoder.finalize());
    const first = this.counter.first;
    const firstBytes = this.counter.firstBytes;
    if (!first || !firstBytes || this.infoBytes < 0) throw new Error('encodeMp3: encoder produced no frames');
    this.counter.end();
    const audioFrames = this.counter.frames;
    const info = this.infoFrame(first, firstBytes, audioFrames, audioFrames * first.samplesPerFrame - this.frames);
    this.out.patch(this.start, info);
    return info.length + this.audioBytes;
  }

  private infoFrame(
    first: NonNullable<Mp3FrameCounter['first']>,
    firstBytes: Uint8Array,
    audioFrames: number,
    samples: number,
  ): Uint8Array {
    return buildInfoFrame({
      first,
      firstHeaderBytes: firstBytes,
      audioFrames,
      audioBytes: this.audioBytes,
      encoderDelay: LAME_ENCODER_DELAY,
      padding: samples - LAME_ENCODER_DELAY,
      lowpassHz: this.bitrate >= 128 ? 17000 : 11000,
    });
  }

  private emit(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.counter.push(chunk);
    this.audioBytes += chunk.length;
    if (this.infoBytes < 0) {
      const first = this.counter.first;
      const firstBytes = this.counter.firstBytes;
      if (!first || !firstBytes) {
        this.held.push(chunk.slice());
        return;
      }
      // The Info frame's size depends on the first header only: its room is left now, filled by finish.
      this.infoBytes = this.infoFrame(first, firstBytes, 0, 0).length;
      this.out.write(new Uint8Array(this.infoBytes));
      for (const part of this.held) this.out.write(part);
      this.held = [];
    }
    this.out.write(chunk);
  }
}
