import {
  encodeDeliveryBytes,
  type DeliveryEncodeOptions,
  type DeliveryFormat,
  type WrittenDelivery,
} from './stream-delivery.js';

export {
  DELIVERY_FORMATS,
  DELIVERY_MP3_KBPS,
  encodeDeliveryFile,
  type DeliveryEncodeOptions,
  type DeliveryFormat,
} from './stream-delivery.js';

export interface EncodedDelivery {
  format: DeliveryFormat;
  bytes: Uint8Array;
  sampleRate: number;
  channels: number;
  /** PCM depth of a WAV; null for the MP3. */
  bitDepth: 16 | 24 | null;
}

/** A delivery file the audio pool wrote to a file (`pool.deliver({ file, out }, format)`). */
export type DeliveredFile = WrittenDelivery;

/**
 * Encodes a licensed delivery file from a private original's bytes (any accepted upload format, or
 * the demo's WAV masters), returned as bytes: a 320 kbps CBR MP3, or a PCM WAV at the original's
 * rate, channels and depth (16-bit for 16-bit and lossy sources, 24-bit for deeper or float ones).
 * The signal is decoded and encoded chunk by chunk (encodeDeliveryTo); only the output is whole in
 * memory, so the server makes its delivery files from a file to a file instead (encodeDeliveryFile).
 * CPU-heavy: run it on the audio worker pool. The original's size is checked before anything is decoded.
 */
export async function encodeDelivery(
  source: Uint8Array,
  format: DeliveryFormat,
  opts: DeliveryEncodeOptions = {},
): Promise<EncodedDelivery> {
  const { bytes, sampleRate, channels, bitDepth } = await encodeDeliveryBytes(source, format, opts);
  return { format, bytes, sampleRate, channels, bitDepth };
}
