import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { Messages } from '@tarab/contracts/messages';
import { api, isApiError } from '@/lib/api-client';
import { parseUser } from '../lib/parse-user';
import { clearCachedUser, readCachedUser, writeCachedUser } from '../lib/user-cache';
import type { User } from '../types';

export const meQueryKey = ['auth', 'me'] as const;

/** The rejection of loading the current user when no user is stored (spec §7 `GET /api/me`, §8). */
class NoTokenError extends Error {
  constructor() {
    super(Messages.noTokenFound);
    this.name = 'NoTokenError';
  }
}

/**
 * `GET /api/me`: the signed-in user, or null when the session is missing (401/403). Spec §7: no
 * call, and the rejection `No token found`, when nothing is stored. The session cookie is
 * HttpOnly, so the stored user (spec §3, written at login) is what says a session may exist
 * (decision 018).
 */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  if (readCachedUser() === null) throw new NoTokenError();
  try {
    const body = await api.call(Api.auth.me, { signal });
    const user = parseUser(body);
    if (user) writeCachedUser(user);
    else clearCachedUser();
    return user;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      clearCachedUser();
      return null;
    }
    throw error;
  }
}

const getMeQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    // Spec §4: a failed load of the current user clears the session (logged out, not unknown).
    queryFn: ({ signal }) =>
      getMe(signal).catch((error: unknown) => {
        if (error instanceof NoTokenError) return null;
        throw error;
      }),
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

export const useMe = () => useQuery(getMeQueryOptions());
