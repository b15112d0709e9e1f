import { Api } from '@tarab/contracts/api-refs';
import { Messages } from '@tarab/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, type FieldErrors } from '@/lib/api-client';
import type { User } from '../types';
import { InvalidAuthResponseError, orInvalidAuthResponse, readAuthResponse, startSession } from './session';

export type RegisterInput = {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
};

/** `POST /api/register`: creates the account, sets the session cookie, answers with the user. */
export async function register(input: RegisterInput): Promise<User> {
  const body = await orInvalidAuthResponse(api.call(Api.auth.register, { body: input }), Messages.registrationFailed);
  return readAuthResponse(body, Messages.registrationFailed);
}

export type RegisterFailure = {
  /** Server field errors (spec §5: shown one by one). */
  fieldErrors: FieldErrors;
  /** The message for the whole form, when there is no field error to show. */
  message: string | null;
};

/**
 * Spec §5: server field errors are shown one by one; otherwise `Something went wrong.`
 * (too many attempts and an answer without token keep their own text).
 */
export function registerFailure(error: unknown): RegisterFailure {
  if (isApiError(error) && error.errors && Object.keys(error.errors).length > 0) {
    return { fieldErrors: error.errors, message: null };
  }
  if (error instanceof InvalidAuthResponseError) return { fieldErrors: {}, message: error.message };
  if (isApiError(error) && error.status === 429) return { fieldErrors: {}, message: error.message };
  return { fieldErrors: {}, message: Messages.somethingWentWrongSentence };
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
