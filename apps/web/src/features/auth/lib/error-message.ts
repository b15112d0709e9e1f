import type { IntlShape } from 'react-intl';
import { isApiError } from '@/lib/api-client';
import { commonMessages } from '@/lib/i18n/common-messages';
import { errorText, fieldErrorsOf } from '@/lib/i18n/error-text';

/** What a form says of a failed call, in the page's language (by the error's code, decision 062). */
export const errorMessage = (intl: IntlShape, error: unknown): string =>
  isApiError(error) ? errorText(intl, error) : intl.formatMessage(commonMessages.somethingWentWrongSentence);

/** The `field → messages` of a failed call (422), in the page's language, or none. */
export const fieldErrors = (intl: IntlShape, error: unknown): Partial<Record<string, string[]>> =>
  fieldErrorsOf(intl, error);
