import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Where the reading band starts: below the sticky header (and, on small screens, the index
 * bar), a little lower than where a jump puts a section's top (its scroll-margin: 6 rem on
 * desktop, 9 rem on small screens), so the section above it no longer counts as read.
 */
function topOffset(): number {
  const wide = typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1024px)').matches;
  return wide ? 112 : 160;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const atPageBottom = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;

/** After a jump, the page counts as settled once it has not scrolled for this long. */
const SETTLE_MS = 200;
/** Upper bound for a jump, in case scroll events never come. */
const MAX_JUMP_MS = 4000;

/**
 * Tracks which section is being read — the first one crossing the band under the header
 * (IntersectionObserver) — and scrolls to a section on demand, smoothly unless the reader
 * prefers reduced motion. While a jump scrolls past other sections, the target stays
 * marked; when it comes to rest, observation takes over again.
 */
export function useActiveSection(ids: readonly string[]) {
  const [activeId, setActiveId] = useState<string | null>(ids[0] ?? null);
  const visible = useRef(new Map<string, boolean>());
  const jump = useRef<{ target: string; stop: () => void } | null>(null);
  const key = ids.join('|');

  const firstVisible = useCallback(() => key.split('|').find((id) => visible.current.get(id)), [key]);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const state = visible.current;
    state.clear();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) state.set(entry.target.id, entry.isIntersecting);
        if (jump.current) return;
        const first = firstVisible();
        if (first) setActiveId(first);
      },
      { rootMargin: `-${topOffset()}px 0px -55% 0px`, threshold: 0 },
    );
    for (const id of key.split('|')) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [key, firstVisible]);

  useEffect(() => () => jump.current?.stop(), []);

  /** Keeps `target` marked until the page stops scrolling, then lets observation decide again. */
  const holdDuringJump = useCallback(
    (target: string) => {
      jump.current?.stop();
      let settle = window.setTimeout(() => finish(), SETTLE_MS * 2);
      const limit = window.setTimeout(() => finish(), MAX_JUMP_MS);
      const onScroll = () => {
        window.clearTimeout(settle);
        settle = window.setTimeout(() => finish(), SETTLE_MS);
      };
      const stop = () => {
        window.clearTimeout(settle);
        window.clearTimeout(limit);
        window.removeEventListener('scroll', onScroll);
        window.removeEventListener('scrollend', finish);
        jump.current = null;
      };
      function finish() {
        stop();
        // The target stays marked if it is in the band, or if it is too near the end of the
        // page to reach it; otherwise the reader has moved on and the band decides.
        const first = firstVisible();
        if (first && first !== target && !visible.current.get(target) && !atPageBottom()) setActiveId(first);
      }
      window.addEventListener('scroll', onScroll, { passive: true });
      window.addEventListener('scrollend', finish);
      jump.current = { target, stop };
    },
    [firstVisible],
  );

  const scrollToSection = useCallback(
    (id: string, options: { smooth?: boolean; focus?: boolean } = {}) => {
      const section = document.getElementById(id);
      if (!section) return;
      setActiveId(id);
      holdDuringJump(id);
      const smooth = (options.smooth ?? true) && !prefersReducedMotion();
      section.scrollIntoView?.({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
      if (options.focus ?? true) {
        section.querySelector<HTMLElement>('[data-section-heading]')?.focus({ preventScroll: true });
      }
      if (window.location.hash !== `#${id}`) {
        window.history.replaceState(window.history.state, '', `#${id}`);
      }
    },
    [holdDuringJump],
  );

  // A deep link (/terms-of-use#refunds) opens at its section.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && key.split('|').includes(id)) scrollToSection(id, { smooth: false, focus: false });
  }, [key, scrollToSection]);

  return { activeId, scrollToSection };
}
