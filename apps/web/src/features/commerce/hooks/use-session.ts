import { skipToken, useQuery } from '@tanstack/react-query';

/**
 * What the commerce screens need to know about the visitor: logged in or not, and whether
 * they hold a subscription (spec §6: "at least one subscription" downloads for free).
 *
 * Features never import each other, so this reads the auth feature's `/api/me` query by its
 * cache key without fetching it itself (`skipToken`): the header always keeps that query
 * alive and refreshes it. Keep the key in step with `features/auth/api/get-me.ts`.
 */
const SESSION_QUERY_KEY = ['auth', 'me'] as const;

export type Session =
  | { status: 'unknown' }
  | { status: 'anonymous' }
  | { status: 'user'; name: string; email: string; isSubscriber: boolean };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the cached `/api/me` answer (null: logged out; undefined: not known yet). */
function toSession(data: unknown): Session {
  if (data === undefined) return { status: 'unknown' };
  if (!isRecord(data)) return { status: 'anonymous' };
  const subscriptions = data.subscriptions;
  return {
    status: 'user',
    name: typeof data.name === 'string' ? data.name : '',
    email: typeof data.email === 'string' ? data.email : '',
    isSubscriber: Array.isArray(subscriptions) && subscriptions.length > 0,
  };
}

export function useSession(): Session {
  const { data } = useQuery<unknown>({ queryKey: SESSION_QUERY_KEY, queryFn: skipToken });
  return toSession(data);
}
