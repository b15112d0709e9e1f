import type { ByteOutput } from './byte-output.js';

/** Bytes of the canonical PCM WAV header (RIFF, a 16-byte `fmt `, the `data` chunk's header). */
export const WAV_HEADER_BYTES = 44;
/** Frames converted at a time: the writer's one scratch buffer holds at most this many frames. */
export const WAV_WRITER_SLICE_FRAMES = 32 * 1024;
/** The largest `data` a RIFF file can state (its sizes are 32-bit). */
const MAX_DATA_BYTES = 0xffffffff - 36;

/** The 44-byte header `encodeWav` writes: PCM, `channels`, `sampleRate`, `bitDepth`, `dataBytes` of samples. */
export function wavHeader(channels: number, sampleRate: number, bitDepth: 16 | 24, dataBytes: number): Uint8Array {
  if (dataBytes > MAX_DATA_BYTES) throw new Error('WAV: more than 4 GB of samples');
  const bytesPerSample = bitDepth / 8;
  const out = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(out.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * bytesPerSample, true);
  view.setUint16(32, channels * bytesPerSample, true);
  view.setUint16(34, bitDepth, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return out;
}

/**
 * A PCM WAV written chunk by chunk to an output: the same bytes as `encodeWav` on the whole signal
 * (floats scaled by 2^(bits-1), rounded and clipped; no pad byte after odd data), but only one
 * scratch buffer of WAV_WRITER_SLICE_FRAMES frames is ever allocated. The header states the
 * expected length at once and is patched by `finish` when the stream held another.
 */
export class WavStreamWriter {
  private readonly scratch: Uint8Array;
  private readonly frameBytes: number;
  private readonly start: number;
  private frames = 0;

  constructor(
    private readonly out: ByteOutput,
    private readonly channels: number,
    private readonly sampleRate: number,
    private readonly bitDepth: 16 | 24,
    private readonly expectedFrames = 0,
  ) {
    if (channels < 1) throw new Error('encodeWav: no channels');
    this.frameBytes = channels * (bitDepth / 8);
    this.scratch = new Uint8Array(WAV_WRITER_SLICE_FRAMES * this.frameBytes);
    this.start = out.size;
    out.write(wavHeader(channels, sampleRate, bitDepth, this.dataBytes(expectedFrames)));
  }

  /** Bytes of sample arrays the writer holds (its scratch buffer), whatever the length of the stream. */
  get bufferBytes(): number {
    return this.scratch.byteLength;
  }

  /** Planar samples, one array per channel (equal lengths). */
  write(chunk: Float32Array[]): void {
    if (chunk.length !== this.channels) throw new Error('encodeWav: channels differ');
    const length = chunk[0]?.length ?? 0;
    for (const c of chunk) if (c.length !== length) throw new Error('encodeWav: channels differ in length');
    this.dataBytes(this.frames + length);
    for (let from = 0; from < length; from += WAV_WRITER_SLICE_FRAMES) {
      const to = Math.min(length, from + WAV_WRITER_SLICE_FRAMES);
      this.out.write(this.convert(chunk, from, to));
    }
    this.frames += length;
  }

  /** Patches the header if the stream's length was not the expected one; returns the frames and bytes written. */
  finish(): { frames: number; bytes: number } {
    if (this.frames !== this.expectedFrames) {
      this.out.patch(this.start, wavHeader(this.channels, this.sampleRate, this.bitDepth, this.dataBytes(this.frames)));
    }
    return { frames: this.frames, bytes: WAV_HEADER_BYTES + this.dataBytes(this.frames) };
  }

  private dataBytes(frames: number): number {
    const bytes = frames * this.frameBytes;
    if (bytes > MAX_DATA_BYTES) throw new Error('WAV: more than 4 GB of samples');
    return bytes;
  }

  /** Frames [from, to) of the chunk, interleaved into the scratch buffer (a view of it is returned). */
  private convert(chunk: Float32Array[], from: number, to: number): Uint8Array {
    const count = this.channels;
    const frames = to - from;
    const out = this.scratch;
    if (this.bitDepth === 16) {
      const pcm = new Int16Array(out.buffer, out.byteOffset, frames * count);
      for (let c = 0; c < count; c++) {
        const src = chunk[c] as Float32Array;
        for (let i = from, j = c; i < to; i++, j += count) {
          const v = Math.round((src[i] as number) * 32768);
          pcm[j] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
        }
      }
      return out.subarray(0, frames * count * 2);
    }
    for (let c = 0; c < count; c++) {
      const src = chunk[c] as Float32Array;
      for (let i = from, p = c * 3; i < to; i++, p += count * 3) {
        let v = Math.round((src[i] as number) * 8388608);
        v = v > 8388607 ? 8388607 : v < -8388608 ? -8388608 : v;
        out[p] = v & 0xff;
        out[p + 1] = (v >> 8) & 0xff;
        out[p + 2] = (v >> 16) & 0xff;
      }
    }
    return out.subarray(0, frames * count * 3);
  }
}
