import { describe, expect, it } from 'vitest';
import { encodeWavPcm, sine, truncated } from '../testing/audio-fixtures.js';
import { IngestError } from './errors.js';
import { decodeWavSamples, inspectWav } from './wav-decode.js';

function decode(bytes: Uint8Array): { sampleRate: number; channels: Float32Array[] } {
  const layout = inspectWav(bytes);
  return { sampleRate: layout.sampleRate, channels: decodeWavSamples(bytes, layout) };
}

function maxError(a: Float32Array, b: Float32Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs((a[i] as number) - (b[i] as number)));
  return max;
}

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof IngestError ? error.code : 'other';
  }
}

/** A WAV with extra chunks: `junk` (odd size, padded) and LIST before `fmt `/`data`. */
function withExtraChunks(wav: Uint8Array): Uint8Array {
  const junk = [0x4a, 0x55, 0x4e, 0x4b, 3, 0, 0, 0, 1, 2, 3, 0]; // "JUNK", 3 bytes + pad
  const list = [0x4c, 0x49, 0x53, 0x54, 4, 0, 0, 0, 0x49, 0x4e, 0x46, 0x4f]; // "LIST" "INFO"
  const out = new Uint8Array(wav.length + junk.length + list.length);
  out.set(wav.subarray(0, 12));
  out.set(junk, 12);
  out.set(list, 12 + junk.length);
  out.set(wav.subarray(12), 12 + junk.length + list.length);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}

describe('WAV decoding', () => {
  const tone = sine(1000, 0.25, 48000, 0.8);
  tone[1] = tone[1]!.map((v) => -v); // make the channels differ

  it.each([
    ['pcm16', 1 / 32768],
    ['pcm24', 1 / 8388608],
    ['float32', 1e-7],
  ] as const)('%s stereo round-trips within one quantisation step', (format, step) => {
    const { sampleRate, channels } = decode(encodeWavPcm(tone, 48000, format));
    expect(sampleRate).toBe(48000);
    expect(channels).toHaveLength(2);
    expect(channels[0]).toHaveLength(tone[0]!.length);
    expect(maxError(channels[0]!, tone[0]!)).toBeLessThanOrEqual(step);
    expect(maxError(channels[1]!, tone[1]!)).toBeLessThanOrEqual(step);
  });

  it('decodes 8-bit (unsigned) and 32-bit integer PCM', () => {
    const header = (bits: number, dataBytes: number): Uint8Array => {
      const wav = encodeWavPcm([new Float32Array(0)], 8000, 'pcm16');
      const out = new Uint8Array(wav.length + dataBytes);
      out.set(wav);
      const view = new DataView(out.buffer);
      view.setUint32(4, out.length - 8, true);
      view.setUint32(28, 8000 * (bits / 8), true);
      view.setUint16(32, bits / 8, true);
      view.setUint16(34, bits, true);
      view.setUint32(40, dataBytes, true);
      return out;
    };
    const eight = header(8, 3);
    eight.set([0, 128, 255], 44);
    expect(Array.from(decode(eight).channels[0]!)).toEqual([-1, 0, 127 / 128]);
    const thirtyTwo = header(32, 8);
    new DataView(thirtyTwo.buffer).setInt32(44, -(2 ** 31), true);
    new DataView(thirtyTwo.buffer).setInt32(48, 2 ** 30, true);
    expect(Array.from(decode(thirtyTwo).channels[0]!)).toEqual([-1, 0.5]);
  });

  it('decodes mono and 6-channel WAVE_FORMAT_EXTENSIBLE', () => {
    expect(decode(encodeWavPcm(sine(440, 0.1, 44100, 0.5, 1), 44100, 'pcm16')).channels).toHaveLength(1);
    const six = sine(440, 0.1, 48000, 0.5, 6);
    six[5] = new Float32Array(six[5]!.length);
    const decoded = decode(encodeWavPcm(six, 48000, 'pcm24'));
    expect(decoded.channels).toHaveLength(6);
    expect(maxError(decoded.channels[0]!, six[0]!)).toBeLessThan(1e-6);
    expect(Math.max(...decoded.channels[5]!.map(Math.abs))).toBe(0);
    const ext = decode(encodeWavPcm(tone, 48000, 'float32', { extensible: true }));
    expect(maxError(ext.channels[1]!, tone[1]!)).toBeLessThan(1e-7);
  });

  it('skips JUNK (odd size, padded) and LIST chunks', () => {
    const { channels } = decode(withExtraChunks(encodeWavPcm(tone, 48000, 'pcm16')));
    expect(channels[0]).toHaveLength(tone[0]!.length);
    expect(maxError(channels[0]!, tone[0]!)).toBeLessThanOrEqual(1 / 32768);
  });

  it('reads a data size of 0xFFFFFFFF (a streamed WAV) to the end of the file', () => {
    const wav = encodeWavPcm(tone, 48000, 'float32');
    const layout = inspectWav(wav);
    new DataView(wav.buffer).setUint32(layout.dataOffset - 4, 0xffffffff, true);
    expect(decode(wav).channels[0]).toHaveLength(tone[0]!.length);
  });

  it('reports truncation and missing chunks as corrupt, never crashing', () => {
    const wav = encodeWavPcm(tone, 48000, 'pcm16');
    expect(codeOf(() => decode(truncated(wav, 0.5)))).toBe('corrupt');
    expect(codeOf(() => decode(truncated(wav, 0.02)))).toBe('corrupt'); // inside the header
    expect(codeOf(() => decode(wav.slice(0, 12)))).toBe('corrupt');
    const noFmt = wav.slice();
    noFmt.set([0x78, 0x78, 0x78, 0x78], 12); // rename "fmt " so it is skipped
    expect(codeOf(() => decode(noFmt))).toBe('corrupt');
  });

  it('rejects encodings it cannot decode (ADPCM) as not audio', () => {
    const wav = encodeWavPcm(tone, 48000, 'pcm16');
    new DataView(wav.buffer).setUint16(20, 2, true);
    expect(codeOf(() => decode(wav))).toBe('not_audio');
  });
});
