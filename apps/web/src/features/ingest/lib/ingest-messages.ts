import { codeOfMessage, IngestLimits, IngestMessages } from '@tarab/contracts';
import type { IntlShape } from 'react-intl';
import { catalogName } from '@/lib/i18n/catalog-names';
import { isApiError } from '@/lib/api-client';
import { codeText, errorText } from '@/lib/i18n/error-text';

/**
 * The ingest's own texts (contracts ingest.ts: IngestMessages and the metadata schema's field
 * messages, the same in the browser's checks and the server's 422) in the page's language. Unknown
 * texts stay as they came; an API error is shown by its code (`errorText`, lib/i18n/error-text.ts).
 */
const fixed = (intl: IntlShape): Array<[string, string]> => [
  [
    IngestMessages.fileMissing,
    intl.formatMessage({ id: 'ingest.error.fileMissing', defaultMessage: 'Choose an audio file to upload.' }),
  ],
  [
    IngestMessages.notAudio,
    intl.formatMessage({
      id: 'ingest.error.notAudio',
      defaultMessage: 'The file is not a supported audio file (WAV, MP3, FLAC, AIFF or OGG).',
    }),
  ],
  [
    IngestMessages.tooShort,
    intl.formatMessage(
      { id: 'ingest.error.tooShort', defaultMessage: 'The audio is too short (at least {seconds} second).' },
      { seconds: IngestLimits.minDurationS },
    ),
  ],
  [
    IngestMessages.tooLong,
    intl.formatMessage(
      { id: 'ingest.error.tooLong', defaultMessage: 'The audio is too long (at most {minutes} minutes).' },
      { minutes: IngestLimits.maxDurationS / 60 },
    ),
  ],
  [
    IngestMessages.tooLarge,
    intl.formatMessage(
      {
        id: 'ingest.error.tooLarge',
        defaultMessage:
          'The audio is too large to process (at most {minutes} minutes of 96 kHz stereo, or as many samples).',
      },
      { minutes: IngestLimits.maxDurationS / 60 },
    ),
  ],
  [IngestMessages.silent, intl.formatMessage({ id: 'ingest.error.silent', defaultMessage: 'The audio is silent.' })],
  [
    IngestMessages.processingFailed,
    intl.formatMessage({
      id: 'ingest.error.processingFailed',
      defaultMessage: 'The file could not be processed. Try again or upload another file.',
    }),
  ],
  [
    IngestMessages.uploadNotFound,
    intl.formatMessage({ id: 'ingest.error.uploadNotFound', defaultMessage: 'Upload not found' }),
  ],
  [
    IngestMessages.trackNotFound,
    intl.formatMessage({ id: 'ingest.error.trackNotFound', defaultMessage: 'Track not found' }),
  ],
  [
    IngestMessages.notProcessed,
    intl.formatMessage({
      id: 'ingest.error.notProcessed',
      defaultMessage: 'The upload has not finished processing yet.',
    }),
  ],
  [
    IngestMessages.artistProfileMissing,
    intl.formatMessage({
      id: 'ingest.error.artistProfileMissing',
      defaultMessage: 'Your account is not linked to an artist profile.',
    }),
  ],
  [
    IngestMessages.scaleOnlyForLoops,
    intl.formatMessage({ id: 'ingest.error.scaleOnlyForLoops', defaultMessage: 'Only loops have a scale.' }),
  ],
  [IngestMessages.published, intl.formatMessage({ id: 'ingest.toast.published', defaultMessage: 'Track published.' })],
  [
    IngestMessages.unpublished,
    intl.formatMessage({ id: 'ingest.toast.unpublished', defaultMessage: 'Track unpublished.' }),
  ],
  [
    IngestMessages.sentForReview,
    intl.formatMessage({
      id: 'ingest.toast.sentForReview',
      defaultMessage: 'Sent for review. The track goes live once Tarab approves it.',
    }),
  ],
  [IngestMessages.updated, intl.formatMessage({ id: 'ingest.toast.updated', defaultMessage: 'Track updated.' })],
  [
    'The title field is required.',
    intl.formatMessage({ id: 'ingest.error.titleRequired', defaultMessage: 'The title field is required.' }),
  ],
  [
    `The title may not be greater than ${IngestLimits.titleMax} characters.`,
    intl.formatMessage(
      { id: 'ingest.error.titleTooLong', defaultMessage: 'The title may not be greater than {max} characters.' },
      { max: IngestLimits.titleMax },
    ),
  ],
  [
    `The Arabic title may not be greater than ${IngestLimits.titleMax} characters.`,
    intl.formatMessage(
      {
        id: 'ingest.error.titleArTooLong',
        defaultMessage: 'The Arabic title may not be greater than {max} characters.',
      },
      { max: IngestLimits.titleMax },
    ),
  ],
  [
    'The Arabic title must be a string.',
    intl.formatMessage({ id: 'ingest.error.titleArString', defaultMessage: 'The Arabic title must be a string.' }),
  ],
  [
    'The bpm must be a whole number.',
    intl.formatMessage({ id: 'ingest.error.bpmWhole', defaultMessage: 'The bpm must be a whole number.' }),
  ],
  [
    `The bpm must be at least ${IngestLimits.minBpm}.`,
    intl.formatMessage(
      { id: 'ingest.error.bpmMin', defaultMessage: 'The bpm must be at least {min}.' },
      { min: IngestLimits.minBpm },
    ),
  ],
  [
    `The bpm may not be greater than ${IngestLimits.maxBpm}.`,
    intl.formatMessage(
      { id: 'ingest.error.bpmMax', defaultMessage: 'The bpm may not be greater than {max}.' },
      { max: IngestLimits.maxBpm },
    ),
  ],
  [
    'The price field is required.',
    intl.formatMessage({ id: 'ingest.error.priceRequired', defaultMessage: 'The price field is required.' }),
  ],
  [
    'The price must be a number.',
    intl.formatMessage({ id: 'ingest.error.priceNumber', defaultMessage: 'The price must be a number.' }),
  ],
  [
    'The price must be at least 0.',
    intl.formatMessage({ id: 'ingest.error.priceMin', defaultMessage: 'The price must be at least 0.' }),
  ],
  [
    `The price may not be greater than ${IngestLimits.maxPrice}.`,
    intl.formatMessage(
      { id: 'ingest.error.priceMax', defaultMessage: 'The price may not be greater than {max}.' },
      { max: String(IngestLimits.maxPrice) },
    ),
  ],
  [
    'The price must have at most 2 decimals.',
    intl.formatMessage({ id: 'ingest.error.priceDecimals', defaultMessage: 'The price must have at most 2 decimals.' }),
  ],
];

/** A field's name inside a message (`genres`, `album`…) in the page's language. */
function fieldName(intl: IntlShape, field: string): string {
  switch (field) {
    case 'genres':
    case 'genre':
      return intl.formatMessage({ id: 'ingest.field.genres', defaultMessage: 'genres' });
    case 'moods':
    case 'mood':
      return intl.formatMessage({ id: 'ingest.field.moods', defaultMessage: 'moods' });
    case 'themes':
    case 'theme':
      return intl.formatMessage({ id: 'ingest.field.themes', defaultMessage: 'themes' });
    case 'instruments':
    case 'instrument':
      return intl.formatMessage({ id: 'ingest.field.instruments', defaultMessage: 'instruments' });
    case 'album':
    case 'album_id':
      return intl.formatMessage({ id: 'ingest.field.album', defaultMessage: 'album' });
    case 'region':
    case 'region_id':
      return intl.formatMessage({ id: 'ingest.field.region', defaultMessage: 'region' });
    case 'scale':
    case 'scale_id':
      return intl.formatMessage({ id: 'ingest.field.scale', defaultMessage: 'scale' });
    case 'maqam':
      return intl.formatMessage({ id: 'ingest.field.maqam', defaultMessage: 'maqam' });
    case 'tonic':
      return intl.formatMessage({ id: 'ingest.field.tonic', defaultMessage: 'tonic' });
    case "iqa'":
      return intl.formatMessage({ id: 'ingest.field.iqa', defaultMessage: "iqa'" });
    case 'meter':
      return intl.formatMessage({ id: 'ingest.field.meter', defaultMessage: 'meter' });
    default:
      return field;
  }
}

const patterns: ReadonlyArray<[RegExp, (intl: IntlShape, match: RegExpExecArray) => string]> = [
  [
    /^The file is too large \(the limit is (\d+) MB\)\.$/,
    (intl, [, mb]) =>
      intl.formatMessage(
        { id: 'ingest.error.fileTooLarge', defaultMessage: 'The file is too large (the limit is {mb} MB).' },
        { mb: mb ?? '' },
      ),
  ],
  [
    /^(\w+) files cannot be processed on this server; upload WAV or MP3\.$/,
    (intl, [, format]) =>
      intl.formatMessage(
        {
          id: 'ingest.error.formatNeedsFfmpeg',
          defaultMessage: '{format} files cannot be processed on this server; upload WAV or MP3.',
        },
        { format: format ?? '' },
      ),
  ],
  [
    /^The audio file is damaged: (.*)$/s,
    (intl, [, detail]) =>
      intl.formatMessage(
        { id: 'ingest.error.corrupt', defaultMessage: 'The audio file is damaged: {detail}' },
        { detail: detail ?? '' },
      ),
  ],
  [
    /^The sample rate (\d+) Hz is not supported/,
    (intl, [, hz]) =>
      intl.formatMessage(
        { id: 'ingest.error.sampleRate', defaultMessage: 'The sample rate {hz} Hz is not supported ({min}–{max} Hz).' },
        { hz: hz ?? '', min: String(IngestLimits.minSampleRate), max: String(IngestLimits.maxSampleRate) },
      ),
  ],
  [
    /^Audio with (\d+) channels is not supported/,
    (intl, [, count]) =>
      intl.formatMessage(
        {
          id: 'ingest.error.channels',
          defaultMessage: 'Audio with {count} channels is not supported (at most {max}).',
        },
        { count: count ?? '', max: IngestLimits.maxChannels },
      ),
  ],
  [
    /^The selected ([\w']+) is invalid\.$/,
    (intl, [, field]) =>
      intl.formatMessage(
        { id: 'ingest.error.unknownOption', defaultMessage: 'The selected {field} is invalid.' },
        { field: fieldName(intl, field ?? '') },
      ),
  ],
  [
    /^The meter of (.+) is (\d+\/\d+)\.$/,
    (intl, [, iqa, meter]) =>
      intl.formatMessage(
        { id: 'ingest.error.meterOfIqa', defaultMessage: 'The meter of {iqa} is {meter}.' },
        { iqa: catalogName(iqa ?? '', intl.locale), meter: `\u2068${meter ?? ''}\u2069` },
      ),
  ],
  [
    /^Choose at most (\d+) (\w+)\.$/,
    (intl, [, max, field]) =>
      intl.formatMessage(
        { id: 'ingest.error.tooManyTags', defaultMessage: 'Choose at most {max} {field}.' },
        { max: max ?? '', field: fieldName(intl, field ?? '') },
      ),
  ],
];

let cached: { intl: IntlShape; table: Map<string, string> } | null = null;

/** An ingest message (the browser's checks, the server's answers) in the page's language. */
export function ingestText(intl: IntlShape, text: string): string {
  if (intl.locale !== 'ar') return text;
  // A schema's field message (the browser's checks) is an entry of the contracts' errors: by its code.
  const code = codeOfMessage(text);
  if (code) return codeText(intl, code);
  if (cached?.intl !== intl) cached = { intl, table: new Map(fixed(intl)) };
  const known = cached.table.get(text);
  if (known) return known;
  for (const [pattern, translate] of patterns) {
    const match = pattern.exec(text);
    if (match) return translate(intl, match);
  }
  return text;
}

/**
 * A failed upload's text: an API error by its code, except the schema's field messages (a 422 without
 * code, the same texts as the browser's checks), which `ingestText` knows.
 */
export function uploadErrorText(intl: IntlShape, error: Error): string {
  return isApiError(error) && error.code !== 'validation_failed' && error.code !== 'unknown'
    ? errorText(intl, error)
    : ingestText(intl, error.message);
}
