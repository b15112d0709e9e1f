/**
 * A CSS media query as a store for `useSyncExternalStore`. One MediaQueryList per query, made on first
 * use: its `matches` follows the page, so reading it (React reads a store on every render of every
 * component that uses it, a list's rows included) does not evaluate the query again. A different
 * `window.matchMedia` (tests stub one per viewport) makes a new list.
 */
export function mediaQueryStore(query: string): {
  subscribe: (onChange: () => void) => () => void;
  read: () => boolean;
} {
  let list: MediaQueryList | null = null;
  let madeBy: unknown;
  const listOf = (): MediaQueryList | null => {
    const matchMedia = typeof window === 'undefined' ? undefined : window.matchMedia;
    if (matchMedia !== madeBy) {
      madeBy = matchMedia;
      list = typeof matchMedia === 'function' ? matchMedia.call(window, query) : null;
    }
    return list;
  };
  return {
    subscribe(onChange) {
      const current = listOf();
      current?.addEventListener('change', onChange);
      return () => current?.removeEventListener('change', onChange);
    },
    read: () => listOf()?.matches ?? false,
  };
}
