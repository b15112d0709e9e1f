import { errorMessage, type PlainErrorCode } from '@tarab/contracts';
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

/** The catalogue's text of a code, or null when the page's catalogue has none (English). */
function byCode(intl: IntlShape, code: ApiErrorCode, params?: ErrorParams): string | null {
  const descriptor = { id: `error.${code}` };
  return descriptor.id in intl.messages ? intl.formatMessage(descriptor, params) : null;
}

/** A code's text where the page says it on its own (a download that took too long: `download_failed`). */
export const codeText = (intl: IntlShape, code: PlainErrorCode): string => byCode(intl, code) ?? errorMessage(code);

/**
 * A field's messages in the page's language: each by its code in `field_codes` (the server's
 * `fieldError`), else as the server sent it (the schemas' field messages have no code yet).
 */
export function fieldErrorTexts(intl: IntlShape, error: ApiError, field: string): string[] | undefined {
  const messages = error.errors?.[field];
  if (!messages) return undefined;
  const codes = error.fieldCodes?.[field];
  if (!codes || codes.length !== messages.length) return messages;
  return messages.map((message, i) => {
    const code = codes[i]!;
    return byCode(intl, code, code === error.code ? error.params : undefined) ?? message;
  });
}

/** Every field's messages of an error (`{}` for one without field errors), in the page's language. */
export function fieldErrorsOf(intl: IntlShape, error: unknown): Partial<Record<string, string[]>> {
  if (!isApiError(error) || !error.errors) return {};
  return Object.fromEntries(Object.keys(error.errors).map((field) => [field, fieldErrorTexts(intl, error, field)]));
}

/**
 * What a page says of a failure: an ApiError by its code (a 422 on fields by its first field's
 * message, as the server's `message` is), anything else as "Something went wrong".
 */
export function errorText(intl: IntlShape, error: unknown): string {
  if (!isApiError(error)) return intl.formatMessage(commonMessages.somethingWentWrong);
  if (error.code === 'network_error' || error.code === 'unreadable_answer') {
    return intl.formatMessage(clientMessages[error.code]);
  }
  if (error.code === 'unknown') {
    return error.message === FALLBACK_MESSAGE ? intl.formatMessage(commonMessages.somethingWentWrong) : error.message;
  }
  const first = error.errors && Object.keys(error.errors)[0];
  if (error.code === 'validation_failed' && first) return fieldErrorTexts(intl, error, first)![0]!;
  return byCode(intl, error.code, error.params) ?? error.message;
}

/** `errorText` for the page's language: `const errorText = useErrorText(); errorText(query.error)`. */
export function useErrorText(): (error: unknown) => string {
  const intl = useIntl();
  return (error) => errorText(intl, error);
}
