import { encodeWav } from '../codecs/wav.js';
import { decodeAudio } from '../ingest/decode.js';
import { IngestError } from '../ingest/errors.js';
import { INGEST_LIMITS } from '../ingest/limits.js';
import { encodeMp3FromAny, previewRate } from '../ingest/preview.js';

/** The licensed files a buyer can download: the spec's MP3 (default) and a lossless WAV. */
export const DELIVERY_FORMATS = ['mp3', 'wav'] as const;
export type DeliveryFormat = (typeof DELIVERY_FORMATS)[number];

/** Bit rate of the licensed MP3. */
export const DELIVERY_MP3_KBPS = 320;

export interface EncodedDelivery {
  format: DeliveryFormat;
  bytes: Uint8Array;
  sampleRate: number;
  channels: number;
  /** PCM depth of a WAV; null for the MP3. */
  bitDepth: 16 | 24 | null;
}

/**
 * Encodes a licensed delivery file from a private original (any accepted upload format, or the
 * demo's WAV masters): a 320 kbps CBR MP3, or a PCM WAV at the original's rate, channels and
 * depth (16-bit for 16-bit and lossy sources, 24-bit for deeper or float ones). CPU-heavy: run it
 * on the audio worker pool. The original's size is checked before its samples are allocated.
 */
export async function encodeDelivery(source: Uint8Array, format: DeliveryFormat): Promise<EncodedDelivery> {
  const decoded = await decodeAudio(source, {
    onMeasured: ({ sampleRate, channels, durationS }) => {
      const samples = Math.ceil(durationS * sampleRate) * channels;
      if (samples > INGEST_LIMITS.maxDecodedSamples) throw new IngestError('too_large', samples);
    },
  });
  if (format === 'mp3') {
    return {
      format,
      bytes: await encodeMp3FromAny(decoded.channels, decoded.sampleRate, DELIVERY_MP3_KBPS),
      sampleRate: previewRate(decoded.sampleRate),
      channels: Math.min(2, decoded.channels.length),
      bitDepth: null,
    };
  }
  return {
    format,
    bytes: encodeWav(decoded.channels, decoded.sampleRate, decoded.bitDepth),
    sampleRate: decoded.sampleRate,
    channels: decoded.channels.length,
    bitDepth: decoded.bitDepth,
  };
}
