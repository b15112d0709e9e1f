import type { IntlShape } from 'react-intl';
import { commonMessages } from '@/lib/i18n/common-messages';
import { errorText } from '@/lib/i18n/error-text';
import { Api } from '@tarab/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { requestGoogleAccessToken } from '../lib/google-identity';
import type { User } from '../types';
import { orInvalidAuthResponse, readAuthResponse, startSession } from './session';

/** `GET /api/auth/providers`: which social sign-ins the server has configured. */
const authProvidersQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: () => api.call(Api.auth.providers),
  staleTime: Infinity,
});

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}

/** Google's access token -> `POST /api/auth/google/callback` -> `{ token, user }` (spec §7). */
async function loginWithGoogle(clientId: string): Promise<User> {
  const accessToken = await requestGoogleAccessToken(clientId);
  const body = await orInvalidAuthResponse(
    api.call(Api.auth.socialCallback, { params: { provider: 'google' }, body: { access_token: accessToken } }),
    'googleLoginFailed',
  );
  return readAuthResponse({ data: body }, 'googleLoginFailed');
}

/**
 * `Google login failed.`, or the server's own message when it explains what to do: an account with
 * that email exists and must log in with its password first (409), too many attempts (429).
 */
export function googleErrorMessage(intl: IntlShape, error: unknown): string {
  if (isApiError(error) && (error.status === 409 || error.status === 429)) return errorText(intl, error);
  return intl.formatMessage(commonMessages.googleLoginFailed);
}

export function useGoogleLogin({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithGoogle,
    onSuccess: (user) => {
      startSession(queryClient, user);
      onSuccess?.(user);
    },
  });
}
