import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { parseUser } from '../lib/parse-user';
import { clearCachedUser, writeCachedUser } from '../lib/user-cache';
import type { User } from '../types';

export const meQueryKey = ['auth', 'me'] as const;

/** `GET /api/me`: the signed-in user, or null when the session is missing (401/403). */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    const body = await api.get<unknown>('/api/me', signal ? { signal } : undefined);
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

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

export const useMe = () => useQuery(getMeQueryOptions());
