/**
 * Answers wait for the hydration of a prerendered page (docs/performance.md "Web", decision 051).
 *
 * The query cache tells its readers through `useSyncExternalStore`, whose updates React renders at
 * once: an answer that arrives while React is still hydrating the page in a transition makes it
 * finish the hydration in one long task, and a component that had not hydrated yet would render the
 * answer instead of the prerendered pending state (a mismatch). So while a prerendered page is being
 * hydrated, answers are held; they are handed over once its first render is committed. Pages rendered
 * from scratch, and tests, never hold them.
 */
let held: Promise<void> | undefined;
let release: (() => void) | undefined;

/** From now on, answers wait until `releaseAnswers()` (src/app/start.tsx, before it hydrates). */
export function holdAnswers(): void {
  held ??= new Promise<void>((resolve) => {
    release = resolve;
  });
}

/** Hands over the held answers, and every later one at once. */
export function releaseAnswers(): void {
  release?.();
  held = undefined;
  release = undefined;
}

/** Resolves when answers may be handed over: at once unless a hydration holds them. */
export const answersReleased = (): Promise<void> => held ?? Promise.resolve();
