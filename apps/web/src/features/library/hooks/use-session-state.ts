import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The auth feature's `/api/me` query key. The library only reads that query's data from
 * the cache (the header keeps it fetched); it never fetches it, so it needs no auth import.
 * It deliberately does not observe it with `useQuery`: an observer without the real query
 * function would replace the query's options and break later refetches of the session.
 */
const SESSION_QUERY_KEY = ['auth', 'me'] as const;

export type SessionState = 'unknown' | 'anonymous' | 'user';

/** Whether someone is logged in: `unknown` until `/api/me` has answered once. */
export function useSessionState(): SessionState {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const data = useSyncExternalStore(subscribe, () => queryClient.getQueryData<unknown>(SESSION_QUERY_KEY));
  if (data === undefined) return 'unknown';
  return data === null ? 'anonymous' : 'user';
}
