import { codeOfMessage, isErrorCode, type ArtistTrackDto, type UploadDto } from '@tarab/contracts';
import { defineMessages, type IntlShape } from 'react-intl';
import type { FieldErrors } from '@/lib/api-client';
import { catalogName } from '@/lib/i18n/catalog-names';
import { codeText, errorText, fieldErrorsOf, storedErrorText, type ParamsText } from '@/lib/i18n/error-text';

/**
 * The ingest's texts in the page's language. Every error is said by its code (lib/i18n/error-text.ts,
 * docs/i18n.md "How an error is translated"): the server's answers, the failure an upload's status
 * stores (`error_code`, `error_params`) and the browser's checks of the contract's metadata schema.
 * What is the ingest's own: the names of its fields inside a message, and the answers of success.
 */

/** A field's name inside a message (`genre`, `album_id`…) in the page's language. */
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
    default:
      return field;
  }
}

/**
 * The ingest's words for its codes' values: `unknown_option` names its field (a field's code comes
 * without params: the field it is under), `meter_of_iqa` the iqa' by its lexicon name and the meter
 * left to right, `format_needs_ffmpeg` the format and the audio's numbers as the English writes them.
 */
const ingestParams =
  (intl: IntlShape): ParamsText =>
  (code, params, field): ReturnType<ParamsText> => {
    switch (code) {
      case 'unknown_option': {
        const named = params?.['field'] ?? field;
        return named === undefined ? undefined : { field: fieldName(intl, String(named)) };
      }
      case 'meter_of_iqa':
        return params
          ? { iqa: catalogName(String(params['iqa']), intl.locale), meter: `\u2068${String(params['meter'])}\u2069` }
          : undefined;
      case 'format_needs_ffmpeg':
        return params ? { format: String(params['format']).toUpperCase() } : undefined;
      // Written as the English writes them (`4000 Hz`), not as a number of the page's locale (`4,000`).
      case 'sample_rate_unsupported':
        return params ? { hz: String(params['hz']) } : undefined;
      case 'too_many_channels':
        return params ? { channels: String(params['channels']) } : undefined;
      default:
        return undefined;
    }
  };

/** A failed call of the ingest's routes (`errorText` with the ingest's params). */
export const ingestErrorText = (intl: IntlShape, error: unknown): string => errorText(intl, error, ingestParams(intl));

/** A failed call's field errors (`fieldErrorsOf` with the ingest's params; `{}` for none). */
export function ingestFieldErrors(intl: IntlShape, error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(fieldErrorsOf(intl, error, ingestParams(intl)))) {
    if (messages) errors[field] = messages;
  }
  return errors;
}

/**
 * Why an upload failed: its status's `error_code` and `error_params`. An upload failed before the
 * codes were stored has none: "The file could not be processed…" (`processing_failed`).
 */
export function uploadFailureText(
  intl: IntlShape,
  upload: Pick<UploadDto, 'error' | 'error_code' | 'error_params'>,
): string {
  const code = upload.error_code;
  if (!isErrorCode(code) || upload.error === null) return codeText(intl, 'processing_failed');
  return storedErrorText(
    intl,
    { code, params: upload.error_params ?? undefined, english: upload.error },
    ingestParams(intl),
  );
}

/**
 * The browser's checks with the contract's metadata schema, by field, in the page's language: each
 * issue's message is an entry of the contracts' `ServerErrors` and names its code (`codeOfMessage`, as
 * the server's 422 names its `field_codes`), so the browser says what the server would.
 */
export function schemaErrors(
  intl: IntlShape,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  errors: FieldErrors = {},
): FieldErrors {
  for (const issue of issues) {
    const field = issue.path.filter((p) => typeof p === 'string').join('.') || 'metadata';
    const code = codeOfMessage(issue.message);
    const text = code ? codeText(intl, code) : issue.message;
    const list = (errors[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return errors;
}

/**
 * The answers of success (`IngestMessages.published`…), as the page says them: by what the answer
 * says of the track, never by its text (docs/i18n.md).
 */
const answers = defineMessages({
  published: { id: 'ingest.toast.published', defaultMessage: 'Track published.' },
  unpublished: { id: 'ingest.toast.unpublished', defaultMessage: 'Track unpublished.' },
  sentForReview: {
    id: 'ingest.toast.sentForReview',
    defaultMessage: 'Sent for review. The track goes live once Tarab approves it.',
  },
  updated: { id: 'ingest.toast.updated', defaultMessage: 'Track updated.' },
});

/** What a publish or unpublish answer says: live, waiting for review (MODERATION=on), or withdrawn. */
export function publishAnswerText(intl: IntlShape, track: Pick<ArtistTrackDto, 'published' | 'review'>): string {
  if (track.published) return intl.formatMessage(answers.published);
  return intl.formatMessage(track.review?.state === 'pending' ? answers.sentForReview : answers.unpublished);
}

/** What an edit's answer says. */
export const updatedText = (intl: IntlShape): string => intl.formatMessage(answers.updated);
