import type { Location } from 'react-router';
import { loginNextOf } from '@/lib/login-next';
import type { User } from '../types';
import { afterLoginPath } from './after-login';

/**
 * Where the login page sends a user once logged in: the `next` the page was opened with (a safe,
 * same-origin path: a visitor's unfinished action, issue #32), else the usual rule (an artist to
 * /artist-analytics, anyone else back to the guarded page or home).
 */
export function loginDestination(user: User, location: Pick<Location, 'search' | 'state'>): string {
  return loginNextOf(location.search) ?? afterLoginPath(user, location.state);
}

/** The track title the sender put in the login page's state (`state.intent.title`), if any. */
export function intentTitleOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('intent' in state)) return null;
  const intent = (state as { intent?: unknown }).intent;
  if (typeof intent !== 'object' || intent === null || !('title' in intent)) return null;
  const title = (intent as { title?: unknown }).title;
  return typeof title === 'string' && title.trim() ? title.trim().slice(0, 200) : null;
}
