import { Api } from '@tarab/contracts';
import type { IntlShape } from 'react-intl';
import { codeText, errorText } from '@/lib/i18n/error-text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import type { User } from '../types';
import { InvalidAuthResponseError, orInvalidAuthResponse, readAuthResponse, startSession } from './session';

type LoginInput = { email: string; password: string };

/** `POST /api/api_login`: sets the session cookie and answers with the user. */
async function login(input: LoginInput): Promise<User> {
  const body = await orInvalidAuthResponse(api.call(Api.auth.login, { body: input }), 'loginInvalidResponse');
  return readAuthResponse(body, 'loginInvalidResponse');
}

/**
 * The text shown when logging in fails (spec §8): `Login failed: Invalid response` when no
 * token came back, `Invalid email or password.` for wrong credentials or no answer, otherwise
 * the server's own message (e.g. too many attempts).
 */
export function loginErrorMessage(intl: IntlShape, error: unknown): string {
  if (error instanceof InvalidAuthResponseError) return intl.formatMessage(error.text);
  if (isApiError(error) && error.status !== 0 && error.status !== 401) return errorText(intl, error);
  return codeText(intl, 'invalid_credentials');
}

/**
 * `onSuccess` runs right after the session is in the cache, even if the form has unmounted
 * meanwhile (a mutate-level callback would not), so it may toast and navigate.
 */
export function useLogin({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      startSession(queryClient, user);
      onSuccess?.(user);
    },
  });
}
