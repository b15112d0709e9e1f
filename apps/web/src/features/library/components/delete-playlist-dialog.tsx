import { FormattedMessage, useIntl } from 'react-intl';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

type DeletePlaylistDialogProps = {
  name: string | null;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The confirmation before deleting a playlist (spec §2). Cancel has the focus. */
export function DeletePlaylistDialog({ name, onCancel, onConfirm }: DeletePlaylistDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const textId = useId();
  const intl = useIntl();
  return (
    <Modal
      open={name !== null}
      role="alertdialog"
      title={intl.formatMessage({ id: 'library.deletePlaylist', defaultMessage: 'Delete playlist' })}
      onClose={onCancel}
      initialFocusRef={cancelRef}
      describedBy={textId}
    >
      <p id={textId} className="text-base text-fg-muted">
        <FormattedMessage
          id="library.delete.question"
          defaultMessage="Are you sure you want to delete this playlist?"
        />
        {name ? <span className="mt-2 block font-semibold break-words text-fg">{name}</span> : null}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </Button>
        <button
          type="button"
          onClick={onConfirm}
          className="inline-flex h-11 items-center justify-center rounded-full bg-pomegranate-400 px-5 text-sm font-semibold text-ink-950 transition-colors hover:bg-pomegranate-400/85"
        >
          <FormattedMessage id="library.delete.confirm" defaultMessage="Delete" />
        </button>
      </div>
    </Modal>
  );
}
