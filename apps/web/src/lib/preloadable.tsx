import { lazy, type ComponentType, type JSX } from 'react';

/**
 * A component whose code is its own chunk (decision 050), fetched by `preload()` (for example when
 * the data it will show is asked for) or by its first render, which suspends until the chunk is
 * here. Once the chunk is loaded, the component renders at once: a second list does not suspend.
 * A failed fetch is not kept, so the next `preload()` or render tries again.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Component: (props: P) => JSX.Element; preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: P) {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  }
  return { Component, preload };
}
