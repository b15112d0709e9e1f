import { useEffect } from 'react';
import { usePlayerStore } from '../stores/player-store';

const SEEK_STEP_S = 5;

/** Inputs where the keys type text (or move their own value). */
const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'password',
  'number',
  'tel',
  'url',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

function isTextField(element: Element): boolean {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

/** Controls that give Space a meaning of their own (press, check, …). */
const OWN_SPACE =
  'button, a[href], input, select, textarea, summary, [role="button"], [role="slider"], [role="menuitem"], [role="tab"], [role="option"], [role="checkbox"], [role="switch"], [role="radio"]';
/** Controls that move with the arrow keys themselves (sliders, menus, tabs…). */
const OWN_ARROWS =
  'input, select, textarea, [role="slider"], [role="menu"], [role="menubar"], [role="tablist"], [role="listbox"], [role="radiogroup"], [role="grid"]';

/**
 * Space toggles play/pause, ← / → seek 5 s, while a track is loaded and focus is not in a
 * text field (nor on a control that uses those keys itself).
 */
export function usePlayerKeyboard(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const store = usePlayerStore.getState();
      if (!store.currentTrack) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target && isTextField(target)) return;

      if (event.key === ' ' || event.key === 'Spacebar') {
        if (target?.closest(OWN_SPACE) || event.repeat) return;
        event.preventDefault();
        store.toggle();
      } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        if (target?.closest(OWN_ARROWS)) return;
        event.preventDefault();
        // Right to left on Arabic pages (decision 046): the left arrow goes forward.
        const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
        store.seekBy(event.key === forward ? SEEK_STEP_S : -SEEK_STEP_S);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
