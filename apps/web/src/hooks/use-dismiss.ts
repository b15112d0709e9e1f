import { useEffect, useRef, type RefObject } from 'react';

type DismissOptions = {
  /** Listen only while the thing is open. */
  enabled: boolean;
  /** Elements that count as "inside" (the panel and its toggle button). */
  insideRefs: ReadonlyArray<RefObject<HTMLElement | null>>;
  /** Called with the reason; `escape` lets the caller return focus to its toggle. */
  onDismiss: (reason: 'outside' | 'escape') => void;
};

/** Closes a popup on a pointer press outside it or on Escape. */
export function useDismiss({ enabled, insideRefs, onDismiss }: DismissOptions): void {
  const latest = useRef({ insideRefs, onDismiss });
  useEffect(() => {
    latest.current = { insideRefs, onDismiss };
  });

  useEffect(() => {
    if (!enabled) return;

    const onPointer = (event: MouseEvent | TouchEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      const inside = latest.current.insideRefs.some((ref) => ref.current?.contains(target));
      if (!inside) latest.current.onDismiss('outside');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current.onDismiss('escape');
    };

    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer, { passive: true });
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [enabled]);
}
