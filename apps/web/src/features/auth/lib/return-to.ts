import { paths } from '@/config/paths';

/** What the guard puts in `location.state` when it sends a visitor to the login page. */
export type LoginRedirectState = {
  from?: { pathname: string; search?: string; hash?: string };
};

/** Where to go after logging in: the page the guard came from, else the home page. */
export function readReturnTo(state: unknown, fallback: string = paths.home.getHref()): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return fallback;
  const from = (state as LoginRedirectState).from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) {
    return fallback;
  }
  if (from.pathname.startsWith('/auth/')) return fallback;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
