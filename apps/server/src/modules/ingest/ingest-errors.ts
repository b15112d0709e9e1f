import { IngestError } from '@tarab/audio';
import { errorMessage, IngestLimits, type ErrorCode } from '@tarab/contracts';

/**
 * Why an upload failed, as its row keeps it and the upload status answers it: the code (contracts
 * `ServerErrors`), its params (null for a fixed text) and the English text they make.
 */
export interface UploadFailure {
  error: string;
  errorCode: ErrorCode;
  errorParams: Record<string, string | number> | null;
}

const failure = (errorCode: ErrorCode, errorParams: Record<string, string | number> | null = null): UploadFailure => ({
  error: (errorMessage as (code: ErrorCode, params?: unknown) => string)(errorCode, errorParams ?? undefined),
  errorCode,
  errorParams,
});

/** Anything but a bad file (a crash, a worker that died every attempt): "The file could not be processed…". */
export const processingFailed = (): UploadFailure => failure('processing_failed');

/** The failure of an audio pipeline rejection (IngestError code + detail → a ServerErrors code and params). */
export function ingestFailure(error: IngestError): UploadFailure {
  const detail = error.detail;
  switch (error.code) {
    case 'not_audio':
      return failure('not_audio');
    case 'needs_ffmpeg':
      return failure('format_needs_ffmpeg', { format: String(detail ?? 'this') });
    case 'corrupt':
      return failure('audio_damaged', { detail: String(detail ?? 'it cannot be decoded.') });
    case 'too_short':
      return failure('audio_too_short');
    case 'too_long':
      return failure('audio_too_long');
    case 'too_large':
      return failure('audio_too_large');
    case 'sample_rate':
      return failure('sample_rate_unsupported', { hz: Number(detail ?? 0) });
    case 'channels':
      return failure('too_many_channels', { channels: Number(detail ?? IngestLimits.maxChannels + 1) });
    case 'silent':
      return failure('audio_silent');
    default:
      return processingFailed();
  }
}

export const isIngestError = (error: unknown): error is IngestError => error instanceof IngestError;
