import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode, type RefObject } from 'react';

type DialogLayerProps = {
  /** Shown while true (the parent keeps the state). */
  open: boolean;
  /** Escape or a press outside the panel asks to close. */
  onDismiss: () => void;
  /**
   * Escape, before it dismisses: call `event.preventDefault()` to keep the dialog open (the full
   * player does while its own menu is open, which then closes instead).
   */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes on opening; the first focusable element of the panel otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null> | undefined;
  /** Where focus goes on closing; the element that had it before otherwise. */
  returnFocusRef?: RefObject<HTMLElement | null> | undefined;
  describedBy?: string | undefined;
  /** The panel (role dialog). */
  id?: string | undefined;
  className: string;
  /**
   * A full-screen element behind the panel that dims the page; a press on it dismisses. Without
   * one, an invisible one still keeps the page behind from scrolling.
   */
  backdrop?: { className: string; testId: string } | undefined;
  /** A fixed layer around backdrop and panel (to place the panel); none: the panel places itself. */
  layerClassName?: string | undefined;
  /** Rendered at the end of `<body>` (above everything) rather than in place. */
  portal?: boolean;
  children: ReactNode;
};

/**
 * The one modal layer of the app (Radix UI Dialog, docs/decisions/025): the modal dialogs, the
 * phone menu and the full-screen player. Focus moves in and is kept inside, the page behind is
 * hidden from assistive technology and does not scroll, Escape or a press outside closes, and
 * focus goes back where it was. Label it with `<DialogLayerTitle asChild>` around its heading.
 */
export function DialogLayer({
  open,
  onDismiss,
  onEscapeKeyDown,
  role = 'dialog',
  initialFocusRef,
  returnFocusRef,
  describedBy,
  id,
  className,
  backdrop,
  layerClassName,
  portal = true,
  children,
}: DialogLayerProps) {
  const previous = useRef<HTMLElement | null>(null);
  const content = (
    <Dialog.Content
      id={id}
      role={role}
      aria-modal="true"
      aria-describedby={describedBy}
      className={className}
      onOpenAutoFocus={(event) => {
        previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        if (initialFocusRef?.current) {
          event.preventDefault();
          initialFocusRef.current.focus();
        }
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        const target = returnFocusRef?.current ?? previous.current;
        if (target?.isConnected) target.focus();
      }}
      onEscapeKeyDown={onEscapeKeyDown}
    >
      {children}
    </Dialog.Content>
  );
  const layer = (
    <>
      {backdrop ? (
        <Dialog.Overlay aria-hidden="true" data-testid={backdrop.testId} className={backdrop.className} />
      ) : (
        <Dialog.Overlay aria-hidden="true" className="fixed inset-0" />
      )}
      {content}
    </>
  );
  const placed = layerClassName ? <div className={layerClassName}>{layer}</div> : layer;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onDismiss())}>
      {portal ? <Dialog.Portal>{placed}</Dialog.Portal> : placed}
    </Dialog.Root>
  );
}

/** The dialog's heading: it names the dialog (`aria-labelledby`). */
export const DialogLayerTitle = Dialog.Title;
