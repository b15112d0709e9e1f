import { paths } from '@/config/paths';
import { isArtist, type User } from '../types';
import { readReturnTo } from './return-to';

/**
 * Where a logged-in user goes from the login page (spec §2): an artist to
 * /artist-analytics, anyone else back to the page the guard came from, else home.
 */
export function afterLoginPath(user: User, locationState: unknown): string {
  if (isArtist(user)) return paths.artistAnalytics.getHref();
  return readReturnTo(locationState);
}
