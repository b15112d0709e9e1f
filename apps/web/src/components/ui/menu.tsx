import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  type ComponentPropsWithoutRef,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import { useIntl } from 'react-intl';
import { cx } from '@/lib/class-names';
import { dirOf, type Locale } from '@/lib/i18n/locales';

/** A row's round icon button that opens a menu (highlighted while its menu is open). */
export const menuButtonClass = (open: boolean) =>
  cx(
    'grid size-10 shrink-0 place-items-center rounded-full text-fg-muted transition-colors hover:bg-white/5 hover:text-fg',
    open && 'bg-white/5 text-fg',
  );

/** The row menus' panel: raised, rounded, over the page (add a max height and padding where needed). */
export const menuPanelClass =
  'z-[55] animate-pop-in overflow-y-auto rounded-xl border border-line bg-surface-raised shadow-pop';

const itemBase =
  'flex w-full rounded-lg px-3 text-start text-sm font-medium text-fg-muted outline-none transition-colors hover:bg-white/5 hover:text-fg focus-visible:bg-white/10 focus-visible:text-fg';

/** An item's layout: an icon and a label in a row, or a label with a hint under it. */
const itemLayout = { row: 'items-center gap-3 py-2.5', stacked: 'flex-col py-2' } as const;

/** A small uppercase heading inside a menu, not an item (the arrow keys pass it by); add its padding. */
export const menuHeadingClass = 'px-3 text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase';

type MenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, a `<button>`: it gets aria-haspopup, aria-expanded and aria-controls. */
  trigger: ReactElement;
  /** The menu's accessible name. */
  label: string;
  /** The panel's width in px (it is aligned to the button's inline end, and kept 8 px inside the window). */
  width: number;
  /** The panel's classes (`menuPanelClass` and its padding, height…). */
  className: string;
  /**
   * When it changes while the menu is open, the first item takes the focus: a new view of the menu, or
   * the items that were loading came in.
   */
  focusKey?: string;
  children: ReactNode;
};

/**
 * A menu button and its menu (Radix UI Dropdown Menu): the row menus (add to playlist, tuning files, a
 * phone row's More). Enter, Space or ↓ on the button opens it, as does a click (a tap opens on its click,
 * so that a scroll that starts on the button does not open it); the first item takes the focus; ↑ ↓ Home
 * End and typing an item's first letters move; Enter or Space picks; Escape closes and gives the focus
 * back to the button, as does Tab before it moves on; a press outside closes it. Not modal: the page
 * keeps scrolling, and the menu closes once its button has moved (a row scrolled away).
 */
export function Menu({ open, onOpenChange, trigger, label, width, className, focusKey, children }: MenuProps) {
  const intl = useIntl();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  /** After a touch's pointerdown: whether its click opens the menu (true) or closes it. */
  const tapped = useRef<boolean | null>(null);
  const keepFocus = useRef(false);
  /** Whether the menu is being used with the keyboard (its items then show the focus). */
  const byKeyboard = useRef(false);

  // Opened (by the keyboard or a click): the first item takes the focus.
  const attachContent = useCallback((element: HTMLDivElement | null) => {
    contentRef.current = element;
    if (element && !element.contains(document.activeElement)) focusFirstItem(element, byKeyboard.current);
  }, []);

  // A new view, or items that came in: the first item takes the focus (on opening, attachContent does).
  useEffect(() => {
    if (open) focusFirstItem(contentRef.current, byKeyboard.current);
  }, [open, focusKey]);

  /**
   * Closing with the focus in the menu (an item picked, Escape, Tab): the focus is back on the button at
   * once, before a dialog that the item opens notes where the focus was (to give it back there).
   */
  const returnFocus = () => {
    if (contentRef.current?.contains(document.activeElement)) triggerRef.current?.focus();
  };
  const changeOpen = (next: boolean) => {
    if (!next) returnFocus();
    onOpenChange(next);
  };

  useCloseWhenMoved(open, triggerRef, contentRef, () => {
    // The button scrolled away: the focus does not pull the page back to it.
    keepFocus.current = true;
    onOpenChange(false);
  });

  return (
    <DropdownMenu.Root open={open} onOpenChange={changeOpen} modal={false} dir={dirOf(intl.locale as Locale)}>
      <DropdownMenu.Trigger
        asChild
        ref={triggerRef}
        // Radix opens on pointerdown, which on a touch screen is also how a scroll starts
        // (radix-ui/primitives#1912): a finger or a pen toggles the menu on its click instead (as it
        // was when the finger landed: a press outside the open menu, this one, has closed it by then).
        onPointerDown={(event) => {
          const touch = event.pointerType === 'touch' || event.pointerType === 'pen';
          tapped.current = touch ? !open : null;
          if (touch) event.preventDefault();
          byKeyboard.current = false;
        }}
        onKeyDown={() => {
          tapped.current = null;
          byKeyboard.current = true;
        }}
        onClick={() => {
          if (tapped.current === null) return;
          changeOpen(tapped.current);
          tapped.current = null;
        }}
      >
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={attachContent}
          // Its own name rather than the button's (Radix labels it by the button).
          aria-label={label}
          aria-labelledby={undefined}
          align="end"
          side="bottom"
          sideOffset={6}
          collisionPadding={8}
          loop
          style={{ width }}
          className={className}
          onCloseAutoFocus={(event) => {
            if (keepFocus.current) event.preventDefault();
            keepFocus.current = false;
          }}
          onPointerDown={() => {
            byKeyboard.current = false;
          }}
          onKeyDownCapture={(event) => {
            byKeyboard.current = true;
            // Tab closes the menu and moves on from its button (the menu itself would keep the focus).
            if (event.key !== 'Tab') return;
            event.stopPropagation();
            changeOpen(false);
          }}
        >
          <ReturnFocus.Provider value={returnFocus}>{children}</ReturnFocus.Provider>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Gives the focus back to the menu's button (see `returnFocus`). */
const ReturnFocus = createContext<() => void>(() => undefined);

/**
 * Without scrolling (the menu is fixed, and still being placed when it opens); showing the focus only
 * to the keyboard (a click on the button does not focus it, so the browser cannot tell).
 */
function focusFirstItem(menu: HTMLElement | null, focusVisible: boolean) {
  // `focusVisible` (HTML's FocusOptions) is not in TypeScript's DOM types yet.
  const options: FocusOptions & { focusVisible: boolean } = { preventScroll: true, focusVisible };
  menu?.querySelector<HTMLElement>('[role="menuitem"]')?.focus(options);
}

/**
 * The menu stays by its button while the page scrolls; once the button itself has moved (the page
 * scrolled or was resized under it), the menu closes. A scroll event can arrive after the click that
 * opened the menu, for a scroll that happened before it (the end of a flick): that one keeps it open.
 */
function useCloseWhenMoved(
  open: boolean,
  triggerRef: RefObject<HTMLButtonElement | null>,
  contentRef: RefObject<HTMLDivElement | null>,
  close: () => void,
) {
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const then = triggerRef.current?.getBoundingClientRect();
    const onMove = (event: Event) => {
      if (event.target instanceof Node && contentRef.current?.contains(event.target)) return;
      const now = triggerRef.current?.getBoundingClientRect();
      if (now && then && Math.abs(now.top - then.top) < 1 && Math.abs(now.left - then.left) < 1) return;
      latestClose.current();
    };
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open, triggerRef, contentRef]);
}

type MenuItemProps = Omit<ComponentPropsWithoutRef<typeof DropdownMenu.Item>, 'className'> & {
  layout?: keyof typeof itemLayout;
  className?: string;
};

/**
 * One item: `onSelect` runs on a click, Enter or Space, then the menu closes (`event.preventDefault()`
 * in it keeps the menu open, e.g. to show another view). `asChild` with an `<a>` or a `<Link>` for a
 * link.
 */
export function MenuItem({ layout = 'row', className, onSelect, ...props }: MenuItemProps) {
  const returnFocus = useContext(ReturnFocus);
  return (
    <DropdownMenu.Item
      // An action item is a plain element: the arrow a button had, not a text cursor (links keep the hand).
      className={cx(itemBase, itemLayout[layout], !props.asChild && 'cursor-default', className)}
      onSelect={(event) => {
        onSelect?.(event);
        // Picked (the menu closes): the focus is on the button before what the item did renders (Radix
        // renders it at once), e.g. a dialog that gives the focus back where it found it.
        if (!event.defaultPrevented) returnFocus();
      }}
      {...props}
    />
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-line" />;
}

/** Items under a name (read by screen readers; shown by a `menuHeadingClass` heading). */
export const MenuGroup = DropdownMenu.Group;
