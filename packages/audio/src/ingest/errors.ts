/**
 * Why an upload was rejected. The server maps each code to a user-facing text (`IngestMessages`
 * in packages/contracts/src/ingest.ts):
 * - `not_audio`: not a WAV, MP3, FLAC, AIFF or OGG file (by content, never by name);
 * - `needs_ffmpeg`: FLAC, AIFF or OGG without ffmpeg on the server (detail: the format);
 * - `corrupt`: the file is damaged or truncated (detail: what is wrong);
 * - `too_short`, `too_long`: duration outside the limits (detail: seconds);
 * - `too_large`: more decoded samples (duration × rate × channels) than one file may hold (detail: samples);
 * - `sample_rate`: unsupported rate (detail: Hz); `channels`: too many channels (detail: count);
 * - `silent`: nothing above the −70 LUFS gate of BS.1770.
 */
export type IngestErrorCode =
  | 'not_audio'
  | 'needs_ffmpeg'
  | 'corrupt'
  | 'too_short'
  | 'too_long'
  | 'too_large'
  | 'sample_rate'
  | 'channels'
  | 'silent';

export const INGEST_ERROR_CODES: readonly IngestErrorCode[] = [
  'not_audio',
  'needs_ffmpeg',
  'corrupt',
  'too_short',
  'too_long',
  'too_large',
  'sample_rate',
  'channels',
  'silent',
];

export class IngestError extends Error {
  constructor(
    public code: IngestErrorCode,
    public detail: string | number | null,
  ) {
    super(detail === null ? `Ingest failed: ${code}` : `Ingest failed: ${code} (${String(detail)})`);
    this.name = 'IngestError';
  }
}

export function isIngestErrorCode(value: unknown): value is IngestErrorCode {
  return typeof value === 'string' && (INGEST_ERROR_CODES as readonly string[]).includes(value);
}
