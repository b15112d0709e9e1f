import { paths } from '@/config/paths';

/**
 * The login page's address for "log in, then finish what you started" (issue #32): `next`, the page
 * to return to (an app path, under the page's `/ar` basename like every other link), and `reason`,
 * what the visitor was doing, which the login page says. Shared by the features that send visitors
 * there (commerce) and the one that reads it (auth).
 */
const LOGIN_NEXT_PARAM = 'next';
const LOGIN_REASON_PARAM = 'reason';

export type LoginReason = 'license' | 'download';

/** `/auth/login?next=…&reason=…` */
export function loginHref(next: string, reason: LoginReason): string {
  const query = new URLSearchParams({ [LOGIN_NEXT_PARAM]: next, [LOGIN_REASON_PARAM]: reason });
  return `${paths.auth.login.getHref()}?${query.toString()}`;
}

const ORIGIN = 'https://app.invalid';

/**
 * A `next` value the login page may follow: a same-origin path (`/music?license=5`), never another
 * site (`//evil.com`, `https://evil.com`, `/\evil.com` which browsers read as `//evil.com`), never
 * control characters, never an auth page (no loops). Anything else: null.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The reason in a login address's query, if it is one the page knows. */
export function loginReasonOf(search: string): LoginReason | null {
  const reason = new URLSearchParams(search).get(LOGIN_REASON_PARAM);
  return reason === 'license' || reason === 'download' ? reason : null;
}

/** The safe `next` of a login address's query, or null. */
export function loginNextOf(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get(LOGIN_NEXT_PARAM));
}
