import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import type { PlaylistDto } from '@tarab/contracts';
import { useId, useState } from 'react';
import { LoadingState } from '@/components/ui/loading-state';
import { useDeletePlaylist } from '../api/delete-playlist';
import { usePlaylists } from '../api/get-playlists';
import { filterPlaylists } from '../lib/filter-playlists';
import { CreatePlaylistDialog } from './create-playlist-dialog';
import { DeletePlaylistDialog } from './delete-playlist-dialog';
import { PlusIcon, SearchIcon } from './library-icons';
import { PlaylistCard } from './playlist-card';

/**
 * The Playlists tab of the Saved page (spec §2): search by name, the New playlist or
 * project tile, the playlists with delete, `No playlists found.` when there is none.
 */
export function PlaylistsPanel() {
  const playlists = usePlaylists();
  const remove = useDeletePlaylist();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<PlaylistDto | null>(null);
  const searchId = useId();
  const intl = useIntl();
  const findLabel = intl.formatMessage({ id: 'library.findPlaylist', defaultMessage: 'Find playlist or project' });

  const visible = playlists.data ? filterPlaylists(playlists.data, query) : [];

  const confirmDelete = () => {
    if (pendingDelete) remove.mutate(pendingDelete.id);
    setPendingDelete(null);
  };

  return (
    <div>
      <div className="relative mb-6 max-w-md">
        <label htmlFor={searchId} className="sr-only">
          {findLabel}
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 start-4 size-5 -translate-y-1/2 text-fg-subtle" />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={findLabel}
          autoComplete="off"
          className="block h-12 w-full rounded-full border border-line-strong bg-surface pe-4 ps-12 text-base text-fg placeholder:text-fg-subtle transition-colors hover:border-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1"
        />
      </div>

      {playlists.isPending ? (
        <LoadingState label={intl.formatMessage({ id: 'tracks.loadingMore', defaultMessage: 'Loading...' })} />
      ) : playlists.isError ? (
        <p role="alert" className="rounded-xl border border-line bg-surface px-4 py-3 text-danger">
          {errorText(intl, playlists.error)}
        </p>
      ) : (
        <ul
          aria-label={intl.formatMessage({ id: 'saved.tab.playlists', defaultMessage: 'Playlists' })}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5"
        >
          <li className="flex">
            <button
              type="button"
              onClick={() => setCreating(true)}
              className="flex min-h-52 w-full flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-line-strong bg-surface/40 p-4 text-center text-sm font-semibold text-fg-muted transition-colors hover:border-accent hover:bg-accent/5 hover:text-fg"
            >
              <span className="grid size-14 place-items-center rounded-full bg-accent/10 text-accent ring-1 ring-accent/30">
                <PlusIcon className="size-6" />
              </span>
              <FormattedMessage id="library.newPlaylistOrProject" defaultMessage="New playlist or project" />
            </button>
          </li>
          {visible.map((playlist) => (
            <PlaylistCard key={playlist.id} playlist={playlist} onDelete={setPendingDelete} />
          ))}
        </ul>
      )}

      {playlists.isSuccess && visible.length === 0 ? (
        <p role="status" className="mt-6 text-center text-base text-fg-muted">
          <FormattedMessage id="library.noPlaylists" defaultMessage="No playlists found." />
        </p>
      ) : null}

      <CreatePlaylistDialog open={creating} onClose={() => setCreating(false)} />
      <DeletePlaylistDialog
        name={pendingDelete?.name ?? null}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
