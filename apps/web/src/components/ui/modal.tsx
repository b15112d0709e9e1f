import { FormattedMessage } from 'react-intl';
import type { ReactNode, RefObject } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { DialogLayer, DialogLayerTitle } from './dialog-layer';

type ModalProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes when the modal opens; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  describedBy?: string;
};

/**
 * An accessible modal dialog (on the one `DialogLayer`): labelled by its title, focus moves in and
 * is kept inside, Escape or a press on the backdrop closes it, and focus goes back where it was.
 */
export function Modal({ open, title, onClose, children, role = 'dialog', initialFocusRef, describedBy }: ModalProps) {
  return (
    <DialogLayer
      open={open}
      onDismiss={onClose}
      role={role}
      initialFocusRef={initialFocusRef}
      describedBy={describedBy}
      layerClassName="fixed inset-0 z-[60] flex items-end justify-center p-4 sm:items-center"
      backdrop={{
        testId: 'modal-backdrop',
        className: 'absolute inset-0 animate-fade-in bg-ink-950/80 backdrop-blur-sm',
      }}
      className="relative w-full max-w-md animate-pop-in rounded-2xl border border-line bg-surface-raised p-6 shadow-pop"
    >
      <div className="mb-5 flex items-start justify-between gap-4">
        <DialogLayerTitle className="text-2xl font-semibold text-fg">{title}</DialogLayerTitle>
        <button
          type="button"
          onClick={onClose}
          className="-mt-1 -me-2 grid size-10 shrink-0 place-items-center rounded-full text-fg-muted transition-colors hover:bg-white/5 hover:text-fg"
        >
          <CloseIcon className="size-5" />
          <span className="sr-only">
            <FormattedMessage id="common.close" defaultMessage="Close" />
          </span>
        </button>
      </div>
      {children}
    </DialogLayer>
  );
}
