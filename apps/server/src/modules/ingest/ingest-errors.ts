import { IngestError } from '@tarab/audio';
import { IngestLimits, IngestMessages } from '@tarab/contracts';

/** The user's text for an audio pipeline rejection (IngestError code + detail → IngestMessages). */
export function ingestErrorMessage(error: IngestError): string {
  const detail = error.detail;
  switch (error.code) {
    case 'not_audio':
      return IngestMessages.notAudio;
    case 'needs_ffmpeg':
      return IngestMessages.formatNeedsFfmpeg(String(detail ?? 'this'));
    case 'corrupt':
      return IngestMessages.corrupt(String(detail ?? 'it cannot be decoded.'));
    case 'too_short':
      return IngestMessages.tooShort;
    case 'too_long':
      return IngestMessages.tooLong;
    case 'too_large':
      return IngestMessages.tooLarge;
    case 'sample_rate':
      return IngestMessages.sampleRate(Number(detail ?? 0));
    case 'channels':
      return IngestMessages.channels(Number(detail ?? IngestLimits.maxChannels + 1));
    case 'silent':
      return IngestMessages.silent;
    default:
      return IngestMessages.processingFailed;
  }
}

export const isIngestError = (error: unknown): error is IngestError => error instanceof IngestError;
