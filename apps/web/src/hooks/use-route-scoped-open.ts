import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state that closes by itself on navigation: the popup is open only
 * while the location it was opened at is still the current one.
 */
export function useRouteScopedOpen() {
  const { key } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === key;
  const setOpen = useCallback((next: boolean) => setOpenAt(next ? key : null), [key]);
  const toggle = useCallback(() => setOpenAt((at) => (at === key ? null : key)), [key]);
  return { open, setOpen, toggle };
}
