import { FormattedMessage, useIntl } from 'react-intl';
import type { PlaylistDto } from '@tarab/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { getPlaylistQueryOptions } from '../api/get-playlist';
import { playlistColour, playlistInitial } from '../lib/playlist-colour';
import { playlistTrackCount } from '../lib/playlist-tracks';
import { TrashIcon } from './library-icons';

type PlaylistCardProps = { playlist: PlaylistDto; onDelete: (playlist: PlaylistDto) => void };

/**
 * One playlist (spec §2): its initial on a colour of its own, its name and track count.
 * The whole card opens it; the delete button sits above the link.
 */
export function PlaylistCard({ playlist, onDelete }: PlaylistCardProps) {
  const queryClient = useQueryClient();
  const count = playlistTrackCount(playlist);
  const intl = useIntl();
  const href = paths.savedDetails.getHref(playlist.id, { title: playlist.name, name: playlist.name, tracks: count });
  // Spec §2 "Clicking loads its tracks": start loading on intent.
  const prefetch = () => void queryClient.prefetchQuery(getPlaylistQueryOptions(String(playlist.id)));

  return (
    <li className="group relative flex flex-col rounded-2xl border border-line bg-surface p-3 shadow-card transition-colors focus-within:border-line-strong hover:border-line-strong hover:bg-surface-raised">
      <div
        aria-hidden="true"
        className={cx(
          'grid aspect-square w-full place-items-center rounded-xl bg-gradient-to-br font-display text-5xl font-bold sm:text-6xl',
          playlistColour(playlist.id),
        )}
      >
        {playlistInitial(playlist.name)}
      </div>
      <div className="flex items-start gap-2 px-1 pt-3 pb-1">
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 font-sans text-base font-semibold break-words text-fg">
            <Link
              to={href}
              onMouseEnter={prefetch}
              onFocus={prefetch}
              className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-focus"
            >
              {playlist.name}
            </Link>
          </h3>
          <p className="mt-0.5 text-sm text-fg-subtle">
            <FormattedMessage
              id="catalog.trackCount"
              defaultMessage="{count, plural, one {# track} other {# tracks}}"
              values={{ count }}
            />
          </p>
        </div>
        <button
          type="button"
          onClick={() => onDelete(playlist)}
          aria-label={intl.formatMessage(
            { id: 'library.deletePlaylistNamed', defaultMessage: 'Delete playlist {name}' },
            { name: playlist.name },
          )}
          title={intl.formatMessage({ id: 'library.deletePlaylist', defaultMessage: 'Delete playlist' })}
          className="relative z-10 -mt-1 -me-1 grid size-10 shrink-0 place-items-center rounded-full text-fg-subtle transition-colors hover:bg-pomegranate-400/15 hover:text-pomegranate-400"
        >
          <TrashIcon className="size-[1.125rem]" />
        </button>
      </div>
    </li>
  );
}
