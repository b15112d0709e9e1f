import { useSyncExternalStore } from 'react';
import { Limits } from '@tarab/contracts/limits';
import { mediaQueryStore } from '@/lib/media-query';

/** Under the mobile breakpoint (spec §9: 768 px). */
const NARROW_QUERY = `(max-width: ${Limits.mobileBreakpointPx - 0.02}px)`;

const narrow = mediaQueryStore(NARROW_QUERY);

/** True on small screens (under 768 px wide). */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(narrow.subscribe, narrow.read, () => false);
}
