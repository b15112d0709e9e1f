import { errorMessage, type ErrorCode, type ErrorParams as ContractParams } from '@tarab/contracts';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { FALLBACK_MESSAGE, isApiError, type ApiError, type ApiErrorCode, type ErrorParams } from '@/lib/api-errors';
import { commonMessages } from './common-messages';

/**
 * An error in the page's language, by its code (decision 062): the message `error.<code>` of the
 * page's catalogue (src/lang/ar.json) with the error's `params`; English pages, and a code the
 * catalogue does not have, show the server's text as it came (the contracts' `ServerErrors`, which
 * are the English). No text is ever matched: docs/i18n.md "How an error is translated".
 */
const clientMessages = defineMessages({
  network_error: { id: 'client.networkError', defaultMessage: 'Network error' },
  unreadable_answer: {
    id: 'client.unexpectedAnswer',
    defaultMessage: 'The server sent an answer this page cannot read.',
  },
});

/**
 * A feature's own words for a code's values: `params` as the answer carried them (English: a lexicon
 * name, a format) or, for a field's code, none (`field_codes` carry no params), and the field. The
 * ingest's `unknown_option` names its field in the page's language this way. Undefined keeps `params`.
 */
export type ParamsText = (code: ErrorCode, params: ErrorParams | undefined, field?: string) => ErrorParams | undefined;

/** The catalogue's text of a code, or null when the page's catalogue has none (English). */
function byCode(intl: IntlShape, code: ApiErrorCode, params?: ErrorParams): string | null {
  const descriptor = { id: `error.${code}` };
  return descriptor.id in intl.messages ? intl.formatMessage(descriptor, params) : null;
}

/**
 * A code's text where the page says it on its own (a download that took too long: `download_failed`;
 * a check of the browser's, with the params the server's answer would carry: `file_too_large`).
 */
export function codeText<C extends ErrorCode>(
  intl: IntlShape,
  code: C,
  ...params: ContractParams<C> extends undefined ? [] : [ContractParams<C>]
): string {
  return byCode(intl, code, params[0] as ErrorParams | undefined) ?? errorMessage(code, ...params);
}

/**
 * A failure the server stored rather than answered, by its code and params (an upload's `error_code`
 * and `error_params`); `english` is the stored text, shown where the catalogue has no entry.
 */
export function storedErrorText(
  intl: IntlShape,
  failure: { code: ErrorCode; params?: ErrorParams | undefined; english: string },
  paramsText?: ParamsText,
): string {
  const params = paramsText?.(failure.code, failure.params) ?? failure.params;
  return byCode(intl, failure.code, params) ?? failure.english;
}

/**
 * A field's messages in the page's language: each by its code in `field_codes` (the server's
 * `fieldError`, the schemas' messages), else as the server sent it.
 */
function fieldErrorTexts(
  intl: IntlShape,
  error: ApiError,
  field: string,
  paramsText?: ParamsText,
): string[] | undefined {
  const messages = error.errors?.[field];
  if (!messages) return undefined;
  const codes = error.fieldCodes?.[field];
  if (!codes || codes.length !== messages.length) return messages;
  return messages.map((message, i) => {
    const code = codes[i]!;
    const params = code === error.code ? error.params : undefined;
    return byCode(intl, code, paramsText?.(code, params, field) ?? params) ?? message;
  });
}

/** Every field's messages of an error (`{}` for one without field errors), in the page's language. */
export function fieldErrorsOf(
  intl: IntlShape,
  error: unknown,
  paramsText?: ParamsText,
): Partial<Record<string, string[]>> {
  if (!isApiError(error) || !error.errors) return {};
  return Object.fromEntries(
    Object.keys(error.errors).map((field) => [field, fieldErrorTexts(intl, error, field, paramsText)]),
  );
}

/**
 * What a page says of a failure: an ApiError by its code (a 422 on fields by its first field's
 * message, as the server's `message` is), anything else as "Something went wrong".
 */
export function errorText(intl: IntlShape, error: unknown, paramsText?: ParamsText): string {
  if (!isApiError(error)) return intl.formatMessage(commonMessages.somethingWentWrong);
  if (error.code === 'network_error' || error.code === 'unreadable_answer') {
    return intl.formatMessage(clientMessages[error.code]);
  }
  if (error.code === 'unknown') {
    return error.message === FALLBACK_MESSAGE ? intl.formatMessage(commonMessages.somethingWentWrong) : error.message;
  }
  const first = error.errors && Object.keys(error.errors)[0];
  if (error.code === 'validation_failed' && first) return fieldErrorTexts(intl, error, first, paramsText)![0]!;
  const params = paramsText?.(error.code, error.params, first) ?? error.params;
  return byCode(intl, error.code, params) ?? error.message;
}

/** `errorText` for the page's language: `const errorText = useErrorText(); errorText(query.error)`. */
export function useErrorText(): (error: unknown) => string {
  const intl = useIntl();
  return (error) => errorText(intl, error);
}
