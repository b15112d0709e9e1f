import { useSyncExternalStore } from 'react';
import { mediaQueryStore } from '@/lib/media-query';

const reducedMotion = mediaQueryStore('(prefers-reduced-motion: reduce)');

/** True when the user asked for less motion. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(reducedMotion.subscribe, reducedMotion.read, () => false);
}
