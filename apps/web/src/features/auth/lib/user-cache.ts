import type { User } from '../types';
import { parseUser } from './parse-user';

/**
 * The user is kept in localStorage only as a cache (spec §3): it lets the header show
 * the account while `/api/me` answers. The session itself is the HttpOnly cookie.
 */
export const USER_CACHE_KEY = 'tarab.user';

export function readCachedUser(): User | null {
  try {
    const text = window.localStorage.getItem(USER_CACHE_KEY);
    return text ? parseUser(JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeCachedUser(user: User): void {
  try {
    window.localStorage.setItem(USER_CACHE_KEY, JSON.stringify(user));
  } catch {
    // Storage full or disabled: the cache is optional.
  }
}

export function clearCachedUser(): void {
  try {
    window.localStorage.removeItem(USER_CACHE_KEY);
  } catch {
    // Storage disabled: nothing to clear.
  }
}
