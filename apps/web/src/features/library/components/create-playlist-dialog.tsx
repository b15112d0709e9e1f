import { FormattedMessage, useIntl } from 'react-intl';
import { commonMessages } from '@/lib/i18n/common-messages';
import type { PlaylistDto } from '@tarab/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { createPlaylistErrorMessage, useCreatePlaylist } from '../api/create-playlist';
import { Modal } from '@/components/ui/modal';

/** The server's limit (LibraryLimits.playlistNameMax); the server still checks it. */
const NAME_MAX = 100;

type CreatePlaylistDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Called with the new playlist after the modal has closed. */
  onCreated?: (playlist: PlaylistDto) => void;
};

/**
 * Create Playlist modal (spec §2): Playlist name, Cancel, Save. An empty or blank name
 * gives `Playlist name cannot be empty.`; success appends the playlist, toasts, closes the
 * modal and clears the name (spec §4).
 */
export function CreatePlaylistDialog({ open, onClose, onCreated }: CreatePlaylistDialogProps) {
  const create = useCreatePlaylist();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const intl = useIntl();

  const close = () => {
    setName('');
    setError(null);
    create.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(intl.formatMessage(commonMessages.playlistNameEmptySentence));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    create.mutate(trimmed, {
      onSuccess: (playlist) => {
        close();
        onCreated?.(playlist);
      },
      onError: (failure) => {
        setError(createPlaylistErrorMessage(intl, failure));
        inputRef.current?.focus();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'library.create.title', defaultMessage: 'Create Playlist' })}
      onClose={close}
      initialFocusRef={inputRef}
    >
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-fg">
          <FormattedMessage id="library.create.name" defaultMessage="Playlist name" />
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="name"
          value={name}
          maxLength={NAME_MAX}
          autoComplete="off"
          placeholder={intl.formatMessage({
            id: 'library.create.placeholder',
            defaultMessage: 'e.g. Desert road trip',
          })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
          className="block h-12 w-full rounded-xl border border-line-strong bg-canvas/60 px-4 text-base text-fg placeholder:text-fg-subtle transition-colors hover:border-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 aria-invalid:border-danger"
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-1.5 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? (
              <FormattedMessage id="settings.saving" defaultMessage="Saving…" />
            ) : (
              <FormattedMessage id="common.save" defaultMessage="Save" />
            )}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
