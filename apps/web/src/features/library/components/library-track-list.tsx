import { FormattedMessage, useIntl } from 'react-intl';
import type { TrackDto } from '@tarab/contracts';
import type { ReactNode } from 'react';
import { formatDuration } from '@/lib/format';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { LibraryActions } from './library-actions';
import { artistNameIn } from '@/lib/i18n/artist-name';

/**
 * Renders a library list of tracks. The app passes the catalog's playable track list
 * bound to the player (features do not import each other); without it, plain rows.
 */
export type RenderTrackList = (tracks: readonly TrackDto[], label: string) => ReactNode;

type LibraryTrackListProps = {
  tracks: readonly TrackDto[];
  /** Accessible name of the list. */
  label: string;
};

/** A plain row (cover, title, artist, length, library actions) when no renderer is given. */
function LibraryTrackRow({ track }: { track: TrackDto }) {
  const intl = useIntl();
  return (
    <div className="flex items-center gap-3 rounded-xl px-2 py-2 transition-colors hover:bg-white/[0.03] sm:gap-4 sm:px-3">
      {track.album?.image.url ? (
        <img src={track.album.image.url} alt="" loading="lazy" className="size-12 shrink-0 rounded-lg object-cover" />
      ) : (
        <span aria-hidden="true" className="size-12 shrink-0 rounded-lg bg-surface-raised" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-fg">{trackTitle(track, intl.locale)}</p>
        <p className="truncate text-sm text-fg-subtle">
          {track.kind === 'loop' ? (
            <FormattedMessage
              id="library.artistLoop"
              defaultMessage="{artist} · Loop"
              values={{ artist: artistNameIn(intl.locale, track.artist) }}
            />
          ) : (
            artistNameIn(intl.locale, track.artist)
          )}
        </p>
      </div>
      <bdi dir="ltr" className="hidden text-sm text-fg-subtle tabular-nums sm:inline">
        {track.duration || formatDuration(track.duration_seconds)}
      </bdi>
      <LibraryActions track={track} />
    </div>
  );
}

/** The tracks of a playlist or of the favourites as plain rows (the fallback list). */
function LibraryTrackList({ tracks, label }: LibraryTrackListProps) {
  return (
    <ul aria-label={label} className="divide-y divide-line/60">
      {tracks.map((track) => (
        <li key={`${track.kind}-${track.id}`}>
          <LibraryTrackRow track={track} />
        </li>
      ))}
    </ul>
  );
}

/** `renderList` when given, else the plain list. */
export function renderLibraryTracks(tracks: readonly TrackDto[], label: string, renderList?: RenderTrackList) {
  return renderList ? renderList(tracks, label) : <LibraryTrackList tracks={tracks} label={label} />;
}
