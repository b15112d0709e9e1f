import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav } from './index.js';

function tone(n: number, freq: number, amp: number): Float32Array {
  return Float32Array.from({ length: n }, (_, i) => amp * Math.sin((2 * Math.PI * freq * i) / 44100));
}

describe('WAV', () => {
  it('round-trips stereo 16-bit PCM within one quantisation step', () => {
    const left = tone(10_000, 440, 0.8);
    const right = tone(10_000, 660, -0.5);
    right[17] = 1; // positive full scale clips to the largest code, 1 - 2^-15
    right[18] = -1;
    const bytes = encodeWav([left, right], 44100);
    expect(bytes.length).toBe(44 + 10_000 * 4);
    const { channels, sampleRate } = decodeWav(bytes);
    expect(sampleRate).toBe(44100);
    expect(channels).toHaveLength(2);
    for (const [a, b] of [
      [left, channels[0]],
      [right, channels[1]],
    ] as const) {
      expect(b?.length).toBe(a.length);
      let worst = 0;
      for (let i = 0; i < a.length; i++)
        if (a[i] !== 1) worst = Math.max(worst, Math.abs((a[i] as number) - (b?.[i] as number)));
      expect(worst).toBeLessThanOrEqual(0.5 / 32768 + 1e-9);
    }
    expect(channels[1]?.[17]).toBe(32767 / 32768);
    expect(channels[1]?.[18]).toBe(-1);
  });

  it('writes a canonical header', () => {
    const bytes = encodeWav([new Float32Array(5)], 48000);
    const view = new DataView(bytes.buffer);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getUint16(22, true)).toBe(1); // channels
    expect(view.getUint32(24, true)).toBe(48000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(10);
  });

  it('clips out-of-range samples instead of wrapping', () => {
    const { channels } = decodeWav(encodeWav([Float32Array.from([1.5, -2, 0.25])], 44100));
    expect(Array.from(channels[0] ?? [])).toEqual([32767 / 32768, -1, 0.25]);
  });

  it('decodes 24-bit PCM and 32-bit float files, skipping unknown chunks', () => {
    const make = (
      tag: number,
      bits: number,
      samples: number[],
      write: (v: DataView, o: number, s: number) => void,
    ): Uint8Array => {
      const bps = bits / 8;
      const list = 12; // a 'LIST' chunk with 4 bytes of payload before fmt
      const out = new Uint8Array(12 + list + 24 + 8 + samples.length * bps);
      const v = new DataView(out.buffer);
      const ascii = (o: number, s: string): void => [...s].forEach((c, i) => (out[o + i] = c.charCodeAt(0)));
      ascii(0, 'RIFF');
      v.setUint32(4, out.length - 8, true);
      ascii(8, 'WAVE');
      ascii(12, 'LIST');
      v.setUint32(16, 4, true);
      ascii(24, 'fmt ');
      v.setUint32(28, 16, true);
      v.setUint16(32, tag, true);
      v.setUint16(34, 1, true);
      v.setUint32(36, 22050, true);
      v.setUint16(46, bits, true);
      ascii(48, 'data');
      v.setUint32(52, samples.length * bps, true);
      samples.forEach((s, i) => write(v, 56 + i * bps, s));
      return out;
    };
    const pcm24 = make(1, 24, [0.5, -0.25], (v, o, s) => {
      const x = Math.round(s * 8388608);
      v.setUint8(o, x & 255);
      v.setUint8(o + 1, (x >> 8) & 255);
      v.setInt8(o + 2, x >> 16);
    });
    expect(Array.from(decodeWav(pcm24).channels[0] ?? [])).toEqual([0.5, -0.25]);
    const float = make(3, 32, [0.125, -0.75], (v, o, s) => v.setFloat32(o, s, true));
    const decoded = decodeWav(float);
    expect(decoded.sampleRate).toBe(22050);
    expect(Array.from(decoded.channels[0] ?? [])).toEqual([0.125, -0.75]);
  });

  it('rejects non-WAV input', () => {
    expect(() => decodeWav(new Uint8Array(64))).toThrow(/RIFF/);
  });
});
