import { lazy, type ComponentType, type JSX } from 'react';

/** Every preloadable's `preload`, for the build's prerendering (`preloadAll`). */
const everyPreload: Array<() => Promise<unknown>> = [];

/**
 * A component whose code is its own chunk (decision 050), fetched by `preload()` (for example when
 * the data it will show is asked for) or by its first render, which suspends until the chunk is
 * here. Once the chunk is loaded, the component renders at once: a second list does not suspend.
 * A failed fetch is not kept, so the next `preload()` or render tries again.
 *
 * Prerendering loads them all first (`preloadAll`), so a prerendered page holds their markup; the
 * browser then hydrates the rest of the page without waiting for them (a `<Suspense>` around one keeps
 * its prerendered markup until its chunk is here).
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** When a render may fetch the chunk (`whenIdle`): by default at once. `preload()` does not wait for it. */
  renderLoadsAfter?: () => Promise<void>,
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
  everyPreload.push(preload);
  const Lazy = lazy(() =>
    (renderLoadsAfter?.() ?? Promise.resolve()).then(preload).then((component) => ({ default: component })),
  );
  function Component(props: P) {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  }
  return { Component, preload };
}

/** Loads every preloadable component made so far (entry-prerender.tsx, before it renders a page). */
export const preloadAll = (): Promise<unknown> => Promise.all(everyPreload.map((preload) => preload()));
