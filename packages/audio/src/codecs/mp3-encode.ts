import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import { countFrames, parseFrameHeader } from './mp3-frame-header.js';
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
  encoder.configure({ sampleRate, channels: channels.length === 2 ? 2 : 1, bitrate, outputSampleRate: sampleRate });
  const parts: Uint8Array[] = [];
  let total = 0;
  const keep = (chunk: Uint8Array): void => {
    if (chunk.length === 0) return;
    parts.push(chunk.slice());
    total += chunk.length;
  };
  for (let i = 0; i < frames; i += CHUNK)
    keep(encoder.encode(channels.map((c) => c.subarray(i, Math.min(frames, i + CHUNK)))));
  keep(encoder.finalize());

  const audio = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    audio.set(part, offset);
    offset += part.length;
  }
  const first = parseFrameHeader(audio, 0);
  if (!first) throw new Error('encodeMp3: encoder produced no frames');
  const audioFrames = countFrames(audio);
  const padding = audioFrames * first.samplesPerFrame - frames - LAME_ENCODER_DELAY;
  const info = buildInfoFrame({
    first,
    firstHeaderBytes: audio,
    audioFrames,
    audioBytes: audio.length,
    encoderDelay: LAME_ENCODER_DELAY,
    padding,
    lowpassHz: bitrate >= 128 ? 17000 : 11000,
  });
  const out = new Uint8Array(info.length + audio.length);
  out.set(info);
  out.set(audio, info.length);
  return out;
}
