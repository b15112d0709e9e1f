import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useDismiss } from './use-dismiss';

const GAP = 6;

export type MenuPosition = { top: number; left: number };

/**
 * Places a menu of `width` under its button, aligned to the button's end edge (right; left on
 * right-to-left pages), kept on screen; above the button if there is no room below.
 */
function placeMenu(button: DOMRect, width: number, menuHeight: number): MenuPosition {
  const viewportWidth = document.documentElement.clientWidth;
  const start = document.documentElement.dir === 'rtl' ? button.left : button.right - width;
  const left = Math.max(8, Math.min(Math.max(8, start), viewportWidth - width - 8));
  const below = button.bottom + GAP;
  const top = below + menuHeight <= window.innerHeight - 8 ? below : Math.max(8, button.top - GAP - menuHeight);
  return { top, left };
}

/**
 * A menu button's popup menu (the row menus: add to playlist, tuning files), fixed on the page next to
 * its button: open/close (Escape and a click outside close it, Escape returns focus to the button),
 * placed once measured (`place()` again when its content changes its height), closed
 * when a scroll or resize moves the button, the first item focused once placed, and the menu keys
 * (↑ ↓ Home End move, Tab closes).
 */
export function useAnchoredMenu({ width }: { width: number }) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<MenuPosition | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setPosition(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useDismiss({ enabled: open, insideRefs: [menuRef, buttonRef], onDismiss: (reason) => close(reason === 'escape') });

  // Where the button was when the menu was placed.
  const placedAt = useRef<DOMRect | null>(null);

  /** Measures the open menu, then places it (callers whose content changes its height call it again). */
  const place = useCallback(() => {
    if (!open || !buttonRef.current || !menuRef.current) return;
    placedAt.current = buttonRef.current.getBoundingClientRect();
    setPosition(placeMenu(placedAt.current, width, menuRef.current.offsetHeight));
  }, [open, width]);
  useLayoutEffect(place, [place]);

  // A fixed menu would drift from its button: close it when the page scrolls or resizes and the
  // button moved. (A scroll event can arrive after the click that opened the menu, for a scroll
  // that happened before it, e.g. the end of a flick: that one must not close it.)
  useEffect(() => {
    if (!open) return;
    const onMove = (event: Event) => {
      if (event.target instanceof Node && menuRef.current?.contains(event.target)) return;
      const now = buttonRef.current?.getBoundingClientRect();
      const then = placedAt.current;
      if (now && then && Math.abs(now.top - then.top) < 1 && Math.abs(now.left - then.left) < 1) return;
      close(false);
    };
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open, close]);

  // Focus the first item once the menu is placed.
  useEffect(() => {
    if (open && position) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open, position]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Tab') {
      close(false);
      return;
    } else return;
    event.preventDefault();
  };

  return { open, setOpen, close, place, position, buttonRef, menuRef, menuId, onMenuKeyDown };
}
