import { Api } from '@tarab/contracts';
import type { IntlShape } from 'react-intl';
import { commonMessages } from '@/lib/i18n/common-messages';
import { errorText, fieldErrorsOf } from '@/lib/i18n/error-text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import type { User } from '../types';
import { InvalidAuthResponseError, orInvalidAuthResponse, readAuthResponse, startSession } from './session';

export type RegisterInput = {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
};

/** `POST /api/register`: creates the account, sets the session cookie, answers with the user. */
async function register(input: RegisterInput): Promise<User> {
  const body = await orInvalidAuthResponse(api.call(Api.auth.register, { body: input }), 'registrationFailed');
  return readAuthResponse(body, 'registrationFailed');
}

export type RegisterFailure = {
  /** Server field errors (spec §5: shown one by one), in the page's language. */
  fieldErrors: Partial<Record<string, string[]>>;
  /** The message for the whole form, when there is no field error to show. */
  message: string | null;
};

/**
 * Spec §5: server field errors are shown one by one; otherwise `Something went wrong.`
 * (too many attempts and an answer without token keep their own text).
 */
export function registerFailure(intl: IntlShape, error: unknown): RegisterFailure {
  if (isApiError(error) && error.errors && Object.keys(error.errors).length > 0) {
    return { fieldErrors: fieldErrorsOf(intl, error), message: null };
  }
  if (error instanceof InvalidAuthResponseError) return { fieldErrors: {}, message: intl.formatMessage(error.text) };
  if (isApiError(error) && error.status === 429) return { fieldErrors: {}, message: errorText(intl, error) };
  return { fieldErrors: {}, message: intl.formatMessage(commonMessages.somethingWentWrongSentence) };
}

/**
 * `onSuccess` runs right after the session is in the cache, even if the form has unmounted
 * meanwhile (a mutate-level callback would not), so it may toast and navigate.
 */
export function useRegister({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      startSession(queryClient, user);
      onSuccess?.(user);
    },
  });
}
