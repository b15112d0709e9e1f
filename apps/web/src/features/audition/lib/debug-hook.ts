import { auditionEngine } from '../stores/audition-store';

/** localStorage key that turns the debug hook on (tests and the bench set it; documented in decision 043). */
const AUDITION_DEBUG_KEY = 'tarab:audition-debug';

interface AuditionDebugHook {
  report: () => ReturnType<ReturnType<typeof auditionEngine>['report']>;
  /** A layer's stretched buffer, as plain arrays are too big: the page analyses it in place. */
  buffer: (id: number) => AudioBuffer | null;
  /** The mix rendered offline: every layer looped from one start at its gain (0 when muted). */
  renderMix: (seconds: number) => Promise<AudioBuffer>;
  /** The last play request and when its sound reaches the output (performance.now() times). */
  lastStart: () => { requestedAt: number; soundAt: number } | null;
}

declare global {
  interface Window {
    __tarabAudition?: AuditionDebugHook;
  }
}

/**
 * Exposes the engine to tests and the bench as `window.__tarabAudition`, only when
 * localStorage[AUDITION_DEBUG_KEY] is "1". Returns the cleanup.
 */
export function installAuditionDebugHook(): () => void {
  let enabled = false;
  try {
    enabled = window.localStorage.getItem(AUDITION_DEBUG_KEY) === '1';
  } catch {
    enabled = false;
  }
  if (!enabled) return () => {};
  const engine = auditionEngine();
  window.__tarabAudition = {
    report: () => engine.report(),
    buffer: (id) => engine.buffer(id),
    renderMix: (seconds) => engine.renderMix(seconds),
    lastStart: () => engine.lastStart,
  };
  return () => {
    delete window.__tarabAudition;
  };
}
