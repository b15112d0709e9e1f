/**
 * Answers wait for the hydration of a prerendered page (docs/performance.md "Web", decision 051).
 *
 * The query cache tells its readers through `useSyncExternalStore`, whose updates React renders at
 * once: an answer that arrives while React is still hydrating the page in a transition makes it
 * finish the hydration in one long task, and a component that had not hydrated yet would render the
 * answer instead of the prerendered pending state (a mismatch). So while a prerendered page is being
 * hydrated, answers are held; once its first render is committed they are handed over one per task
 * (each is rendered on its own, not all of the page's data in one long task). Pages rendered from
 * scratch, and tests, never hold them.
 */
let holding = false;
const waiting: Array<() => void> = [];

/** From now on, answers wait until `releaseAnswers()` (src/app/start.tsx, before it hydrates). */
export function holdAnswers(): void {
  holding = true;
}

/** Hands over the held answers, one per task, and every later one at once. */
export function releaseAnswers(): void {
  holding = false;
  const next = () => {
    waiting.shift()?.();
    if (waiting.length > 0) setTimeout(next, 0);
  };
  next();
}

/** Resolves when an answer may be handed over: at once unless a hydration holds them. */
export const answersReleased = (): Promise<void> =>
  holding ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve();
