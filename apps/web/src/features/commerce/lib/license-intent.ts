import type { Location } from 'react-router';
import { loginHref, type LoginReason } from '@/lib/login-next';

/**
 * `?license=<track id>` on the page a visitor left for the login page: the track whose primary
 * action they clicked (issue #32). Back on that page, the track's TrackPrimaryAction finishes it.
 */
export const LICENSE_INTENT_PARAM = 'license';

/** The current page's query with the intent for `trackId` added (other query values kept). */
export function searchWithLicenseIntent(search: string, trackId: number): string {
  const params = new URLSearchParams(search);
  params.set(LICENSE_INTENT_PARAM, String(trackId));
  return `?${params.toString()}`;
}

export const loginHrefFor = (next: string, reason: LoginReason): string => loginHref(next, reason);

/**
 * Locations whose intent was taken: the same track can be on a page twice (a row and a shelf), and
 * only one of its buttons may act on one navigation. The router hands every component the same
 * location object for a navigation, so the object itself is the mark (and is forgotten with it).
 */
const taken = new WeakSet<object>();

/** True once per navigation when `location` carries the intent for `trackId`. */
export function takeLicenseIntent(location: Pick<Location, 'search'>, trackId: number): boolean {
  if (new URLSearchParams(location.search).get(LICENSE_INTENT_PARAM) !== String(trackId)) return false;
  if (taken.has(location)) return false;
  taken.add(location);
  return true;
}
