/**
 * Work for when the browser is idle (soon after the page is up), at the latest after `timeout` ms:
 * the player dock's mount, the home page's sections under the track list (decision 050).
 */

/** Calls `callback` once the browser is idle; returns what cancels it. */
export function onIdle(callback: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => callback(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, timeout / 2);
  return () => window.clearTimeout(id);
}

/** Resolves once the browser is idle. */
export const whenIdle = (timeout: number): Promise<void> =>
  new Promise((resolve) => {
    onIdle(resolve, timeout);
  });
