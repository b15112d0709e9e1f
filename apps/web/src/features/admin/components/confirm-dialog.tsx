import { useId, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

/** A confirmation before an action that cannot be taken back (refund, disable). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      role="alertdialog"
      describedBy={descriptionId}
      initialFocusRef={cancelRef}
    >
      <div id={descriptionId} className="space-y-3 text-fg-muted">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button ref={cancelRef} variant="secondary" onClick={onClose}>
          <FormattedMessage id="admin.dialog.cancel" defaultMessage="Cancel" />
        </Button>
        <Button onClick={onConfirm} disabled={busy}>
          {busy ? <FormattedMessage id="admin.dialog.working" defaultMessage="Working…" /> : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
