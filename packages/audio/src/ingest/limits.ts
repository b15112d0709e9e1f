/**
 * Limits an upload must meet. They mirror `IngestLimits` in packages/contracts/src/ingest.ts
 * (this package does not import the contracts; the server maps each IngestError code to its
 * `IngestMessages` text, which quotes these numbers). Change both together.
 */
export const INGEST_LIMITS = {
  minDurationS: 1,
  maxDurationS: 20 * 60,
  minSampleRate: 8_000,
  maxSampleRate: 192_000,
  maxChannels: 8,
  /**
   * Decoded samples (frames × channels) one file may hold in memory: 20 minutes of 96 kHz stereo
   * (230.4 M samples, 922 MB as 32-bit floats). Checked before anything is allocated.
   */
  maxDecodedSamples: 20 * 60 * 96_000 * 2,
} as const;

/** Waveform overview size (as for the demo catalog). */
export const INGEST_PEAK_COUNT = 500;
/** Preview bitrate (as for the demo catalog). */
export const INGEST_PREVIEW_KBPS = 128;
