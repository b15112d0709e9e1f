import { useSyncExternalStore } from 'react';
import { Limits } from '@tarab/contracts/limits';

/** Under the mobile breakpoint (spec §9: 768 px). */
export const NARROW_QUERY = `(max-width: ${Limits.mobileBreakpointPx - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export const isNarrowViewport = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;

/** True on small screens (under 768 px wide). */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrowViewport, () => false);
}
