import { describe, expect, it } from 'vitest';
import { decodeMp3 } from '../codecs/mp3-decode.js';
import { decodeWav, encodeWav } from '../codecs/wav.js';
import { encodeWavPcm, encodeWithFfmpeg, sine } from '../testing/audio-fixtures.js';
import { findFfmpeg } from '../ingest/ffmpeg.js';
import { DELIVERY_MP3_KBPS, encodeDelivery } from './encode-delivery.js';

const ffmpeg = await findFfmpeg();

function wavFacts(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { channels: view.getUint16(22, true), sampleRate: view.getUint32(24, true), bits: view.getUint16(34, true) };
}

describe('encodeDelivery', () => {
  it('keeps a 24-bit master 24-bit and sample-exact in the WAV, at its rate and channel count', async () => {
    const tone = sine(440, 1.5, 48_000, 0.5, 2);
    const master = encodeWav(tone, 48_000, 24);
    const out = await encodeDelivery(master, 'wav');
    expect(out).toMatchObject({ format: 'wav', sampleRate: 48_000, channels: 2, bitDepth: 24 });
    expect(wavFacts(out.bytes)).toEqual({ channels: 2, sampleRate: 48_000, bits: 24 });
    expect(Buffer.from(out.bytes).equals(Buffer.from(master))).toBe(true);
    const back = decodeWav(out.bytes);
    expect(back.channels[0]).toHaveLength(1.5 * 48_000);
  });

  it('delivers 16-bit and float sources as 16- and 24-bit WAV, and 6 channels stay 6', async () => {
    const six = sine(330, 1, 44_100, 0.4, 6);
    expect(wavFacts((await encodeDelivery(encodeWavPcm(six, 44_100, 'pcm16'), 'wav')).bytes)).toEqual({
      channels: 6,
      sampleRate: 44_100,
      bits: 16,
    });
    expect(wavFacts((await encodeDelivery(encodeWavPcm(six, 44_100, 'float32'), 'wav')).bytes).bits).toBe(24);
  });

  it(`encodes the licensed MP3 at ${DELIVERY_MP3_KBPS} kbps, stereo, of the same length`, async () => {
    const out = await encodeDelivery(encodeWavPcm(sine(440, 3, 44_100, 0.5, 2), 44_100, 'pcm16'), 'mp3');
    expect(out).toMatchObject({ format: 'mp3', sampleRate: 44_100, channels: 2, bitDepth: null });
    const decoded = await decodeMp3(out.bytes);
    expect(Math.abs(decoded.channels[0]!.length / 44_100 - 3)).toBeLessThan(0.05);
    // CBR: bytes ≈ kbps × seconds / 8.
    expect(out.bytes.length / 3).toBeGreaterThan((DELIVERY_MP3_KBPS * 1000 * 0.9) / 8);
  });

  it.skipIf(!ffmpeg)('a 24-bit FLAC master is delivered as a 24-bit WAV', async () => {
    const flac = await encodeWithFfmpeg(encodeWavPcm(sine(440, 1, 96_000, 0.5, 2), 96_000, 'pcm24'), 'flac');
    expect(wavFacts((await encodeDelivery(flac, 'wav')).bytes)).toEqual({ channels: 2, sampleRate: 96_000, bits: 24 });
  });
});
