import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import type { TrackDto } from '@tarab/contracts';
import { useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { MusicNoteIcon } from '@/components/ui/icons';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { usePlaylist } from '../api/get-playlist';
import { SharePanel } from './share-panel';
import { playlistColour, playlistInitial } from '../lib/playlist-colour';
import { mergePlaylistTracks } from '../lib/playlist-tracks';
import { renderLibraryTracks, type RenderTrackList } from './library-track-list';

type PlaylistDetailsProps = {
  id: string;
  /** From the link (`title`, else `name`): shown before the playlist has loaded. */
  title: string | null;
  /** From the link (`tracks`): the count shown before the playlist has loaded. */
  trackCountHint: number | null;
  /** The list of tracks; the app passes the catalog's playable list. */
  renderList?: RenderTrackList | undefined;
  /** Extra actions for the banner, e.g. Play all; receives the merged track list. */
  renderActions?: ((tracks: readonly TrackDto[]) => ReactNode) | undefined;
  /** The owner's licensing panel (License all), composed by the app; shown once the playlist has tracks. */
  renderLicensing?: ((tracks: readonly TrackDto[]) => ReactNode) | undefined;
};

/**
 * /saved/details/{id} (spec §2): header Saved / {title}, a banner with the initial and the
 * track count, and the tracks with the loops merged into the musics list (spec §3).
 */
export function PlaylistDetails({
  id,
  title,
  trackCountHint,
  renderList,
  renderActions,
  renderLicensing,
}: PlaylistDetailsProps) {
  const playlist = usePlaylist(id);
  const location = useLocation();
  const tracks = useMemo(() => (playlist.data ? mergePlaylistTracks(playlist.data) : []), [playlist.data]);
  const intl = useIntl();
  const name =
    title || playlist.data?.name || intl.formatMessage({ id: 'library.playlist', defaultMessage: 'Playlist' });
  const count = playlist.data ? tracks.length : trackCountHint;

  return (
    <>
      <header className="relative isolate overflow-hidden border-b border-line">
        <title>
          {intl.formatMessage({ id: 'library.details.pageTitle', defaultMessage: '{name} · Saved · Tarab' }, { name })}
        </title>
        <div
          aria-hidden="true"
          className="pattern-stars absolute inset-0 -z-10 opacity-[0.06] [mask-image:linear-gradient(to_bottom,black,transparent)]"
        />
        <Container className="py-8 sm:py-12">
          <nav
            aria-label={intl.formatMessage({ id: 'common.breadcrumb', defaultMessage: 'Breadcrumb' })}
            className="mb-6 text-sm"
          >
            <ol className="flex min-w-0 items-center gap-2 text-fg-subtle">
              <li>
                <Link to={paths.saved.getHref()} className="font-medium text-fg-muted hover:text-fg">
                  <FormattedMessage id="saved.title" defaultMessage="Saved" />
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="min-w-0 truncate text-fg">
                {name}
              </li>
            </ol>
          </nav>
          <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:gap-8">
            <div
              aria-hidden="true"
              className={cx(
                'grid size-32 shrink-0 place-items-center rounded-2xl bg-gradient-to-br font-display text-6xl font-bold shadow-card sm:size-44 sm:text-7xl',
                playlistColour(id),
              )}
            >
              {playlistInitial(name)}
            </div>
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">
                <FormattedMessage id="library.playlist" defaultMessage="Playlist" />
              </p>
              <h1 className="mt-2 text-4xl font-bold break-words text-fg sm:text-5xl">{name}</h1>
              {count !== null ? (
                <p className="mt-2 text-lg text-fg-muted">
                  <FormattedMessage
                    id="catalog.trackCount"
                    defaultMessage="{count, plural, one {# track} other {# tracks}}"
                    values={{ count }}
                  />
                </p>
              ) : null}
              {renderActions && tracks.length > 0 ? (
                <div className="mt-5 flex flex-wrap gap-3">{renderActions(tracks)}</div>
              ) : null}
              {playlist.data ? <SharePanel playlistId={id} sharePath={playlist.data.share_path ?? null} /> : null}
            </div>
          </div>
          {renderLicensing && playlist.data && tracks.length > 0 ? renderLicensing(tracks) : null}
        </Container>
      </header>

      <Container className="py-8 sm:py-10">
        {playlist.isPending ? (
          <LoadingState label={intl.formatMessage({ id: 'tracks.loading', defaultMessage: 'Loading music...' })} />
        ) : playlist.isError ? (
          isApiError(playlist.error) && playlist.error.status === 401 ? (
            <EmptyState
              title={intl.formatMessage({
                id: 'library.details.logInToSee',
                defaultMessage: 'Log in to see this playlist.',
              })}
              action={
                <LinkButton to={paths.auth.login.getHref()} state={{ from: location }}>
                  <FormattedMessage id="account.login" defaultMessage="Log in" />
                </LinkButton>
              }
            />
          ) : (
            <EmptyState
              title={errorText(intl, playlist.error)}
              action={
                <LinkButton to={paths.saved.getHref()} variant="secondary">
                  <FormattedMessage id="library.details.backToSaved" defaultMessage="Back to Saved" />
                </LinkButton>
              }
            />
          )
        ) : tracks.length === 0 ? (
          <EmptyState
            icon={<MusicNoteIcon className="size-6" />}
            title={intl.formatMessage({ id: 'tracks.none', defaultMessage: 'No tracks found.' })}
            description={intl.formatMessage({
              id: 'library.details.emptyHint',
              defaultMessage: 'Add tracks and loops from any list with the playlist button.',
            })}
            action={
              <LinkButton to={paths.loops.getHref()} variant="secondary">
                <FormattedMessage id="footer.exploreTracks" defaultMessage="Explore Tracks" />
              </LinkButton>
            }
          />
        ) : (
          renderLibraryTracks(
            tracks,
            intl.formatMessage({ id: 'library.details.tracksOf', defaultMessage: 'Tracks of {name}' }, { name }),
            renderList,
          )
        )}
      </Container>
    </>
  );
}
