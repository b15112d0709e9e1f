import type { AdminUserDto } from '@tarab/contracts';
import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useAdminArtists, useLinkArtist } from '../api/admin-api';
import { adminMessages } from '../lib/admin-messages';
import { controlClass, labelClass } from '@/components/ui/field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cx } from '@/lib/class-names';
import { toast } from '@/lib/toast';
import { Email } from './parts';

/**
 * Links an account to an artist profile chosen by its name (issue #32: never by a raw id): type part
 * of the name, pick one of the profiles found. A profile linked to another account says so and
 * cannot be picked (the server refuses it too); the current link can be removed.
 */
export function ArtistLinkDialog({ user, open, onClose }: { user: AdminUserDto; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const artists = useAdminArtists(q, open);
  const link = useLinkArtist();

  const save = (artistId: number | null) =>
    link.mutate(
      { id: user.id, artistId },
      {
        onSuccess: () => {
          toast.success(adminMessages.artistLinked);
          onClose();
        },
        onError: (e) => toast.error(e),
      },
    );

  return (
    <Modal
      open={open}
      onClose={onClose}
      initialFocusRef={inputRef}
      title={intl.formatMessage({ id: 'admin.users.linkTitle', defaultMessage: 'Link an artist profile' })}
    >
      <div className="space-y-4">
        <p className="text-fg-muted">
          <FormattedMessage
            id="admin.users.linkBody"
            defaultMessage="The account {email} manages the profile you pick: its tracks, sales and statements. A listener becomes an artist."
            values={{ email: <Email>{user.email}</Email> }}
          />
        </p>
        <div>
          <label htmlFor={id} className={labelClass}>
            <FormattedMessage id="admin.users.artistSearch" defaultMessage="Artist name" />
          </label>
          <input
            ref={inputRef}
            id={id}
            type="search"
            value={text}
            maxLength={200}
            autoComplete="off"
            placeholder={intl.formatMessage({
              id: 'admin.users.artistSearchPlaceholder',
              defaultMessage: 'Type part of the name',
            })}
            onChange={(event) => setText(event.target.value)}
            className={controlClass}
          />
        </div>
        <ul
          aria-label={intl.formatMessage({ id: 'admin.users.artistResults', defaultMessage: 'Artist profiles found' })}
          aria-busy={artists.isFetching || undefined}
          className="max-h-72 divide-y divide-line overflow-y-auto rounded-xl border border-line"
        >
          {artists.data?.length === 0 ? (
            <li className="px-4 py-4 text-sm text-fg-muted">
              <FormattedMessage id="admin.users.noArtist" defaultMessage="No artist profile has that name." />
            </li>
          ) : null}
          {artists.data?.map((artist) => {
            const current = user.artist?.id === artist.id;
            const elsewhere = artist.user !== null && artist.user.id !== user.id;
            return (
              <li key={artist.id} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className={cx('truncate font-medium', current ? 'text-accent' : 'text-fg')}>
                    <bdi>{artist.name}</bdi>
                  </p>
                  <p className="truncate text-xs text-fg-subtle">
                    {artist.user ? (
                      <FormattedMessage
                        id="admin.users.artistLinkedTo"
                        defaultMessage="Linked to {email}"
                        values={{ email: <bdi dir="ltr">{artist.user.email}</bdi> }}
                      />
                    ) : (
                      <FormattedMessage id="admin.users.artistFree" defaultMessage="Not linked to an account" />
                    )}
                  </p>
                </div>
                {current ? (
                  <span className="text-sm font-medium text-accent">
                    <FormattedMessage id="admin.users.artistCurrent" defaultMessage="Linked" />
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={elsewhere || link.isPending}
                    onClick={() => save(artist.id)}
                    aria-label={intl.formatMessage(
                      { id: 'admin.users.pickArtistLabel', defaultMessage: 'Link {name} to {email}' },
                      { name: artist.name, email: user.email },
                    )}
                  >
                    <FormattedMessage id="admin.users.pickArtist" defaultMessage="Link" />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap justify-between gap-3">
          {user.artist ? (
            <Button variant="ghost" disabled={link.isPending} onClick={() => save(null)}>
              <FormattedMessage
                id="admin.users.unlinkArtist"
                defaultMessage="Unlink {name}"
                values={{ name: <bdi>{user.artist.name}</bdi> }}
              />
            </Button>
          ) : (
            <span />
          )}
          <Button variant="secondary" onClick={onClose}>
            <FormattedMessage id="admin.dialog.cancel" defaultMessage="Cancel" />
          </Button>
        </div>
      </div>
    </Modal>
  );
}
