import { lazy, Suspense, useMemo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PlaylistDto, TrackDetailDto, TrackDto } from '@tarab/contracts';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { errorText } from '@/lib/i18n/error-text';
import { commonMessages } from '@/lib/i18n/common-messages';
import { cx } from '@/lib/class-names';
import { TuningMenu } from '@/features/catalog/components/tuning-menu';
import { useTrack, useMoreInMaqam } from '@/features/catalog/components/track-page/get-track';
import { LicenseOptions, type LicenseViewer } from '@/features/catalog/components/track-page/license-options';
import { MoreInMaqam } from '@/features/catalog/components/track-page/more-in-maqam';
import { TrackDelivery } from '@/features/catalog/components/track-page/track-delivery';
import { TrackFacts } from '@/features/catalog/components/track-page/track-facts';
import { TrackHero } from '@/features/catalog/components/track-page/track-hero';
import { getProductsQueryOptions } from '@/features/commerce/api/get-products';
import { useSession } from '@/features/commerce/hooks/use-session';
import { useAddToPlaylist } from '@/features/library/api/add-to-playlist';
import { usePlaylists } from '@/features/library/api/get-playlists';
import { LibraryActions } from '@/features/library/components/library-actions';
import { AddToPlaylistMenu } from '@/features/library/components/add-to-playlist-menu';
import { PauseIcon, PlayIcon } from '@/features/player/components/player-icons';
import { PlayerWaveform } from '@/features/player/components/player-waveform';
import { Waveform } from '@/features/player/components/waveform';
import { usePlayerStore } from '@/features/player/stores/player-store';
import { useTrackListBindings } from '../compose/track-actions';
import { TrackPrimaryAction } from '../compose/track-row-actions';
import { untypedMessages } from '@/features/catalog/components/track-page/untyped-messages';

/** The friendly not-found page, with its part of the catalogue (decision 050), for an unknown id. */
const NotFoundPage = lazy(() => import('./not-found'));

const text = untypedMessages(
  defineMessages({
    loading: { id: 'tracks.loadingMore', defaultMessage: 'Loading...' },
    eyebrow: { id: 'trackPage.eyebrowTrack', defaultMessage: 'Track' },
    pageTitle: { id: 'document.pageTitle', defaultMessage: '{title} · Tarab' },
    backToMusic: { id: 'trackPage.backToMusic', defaultMessage: 'Browse music' },
    playlists: { id: 'trackPage.playlists', defaultMessage: 'Add to a playlist' },
    playlistsIntro: {
      id: 'trackPage.playlistsIntro',
      defaultMessage: 'Keep {title} with the other pieces of a project.',
    },
    playlistsLogin: { id: 'trackPage.playlistsLogin', defaultMessage: 'Log in to keep it in your playlists.' },
    login: { id: 'trackPage.login', defaultMessage: 'Log in' },
    noPlaylists: { id: 'trackPage.noPlaylists', defaultMessage: 'No playlists yet: start one.' },
    addTo: { id: 'trackPage.addToNamed', defaultMessage: 'Add {title} to {playlist}' },
    trackCount: { id: 'trackPage.playlistCount', defaultMessage: '{count, plural, one {# track} other {# tracks}}' },
    newPlaylist: { id: 'trackPage.newPlaylist', defaultMessage: 'Or create a new one:' },
  }),
);

/** The cheapest monthly price of the plans, in cents (the subscription card's "From … a month"). */
function useSubscriptionFrom(enabled: boolean): number | null {
  const products = useQuery({ ...getProductsQueryOptions(), enabled });
  return useMemo(() => {
    const monthly = (products.data?.data ?? [])
      .flatMap((product) => product.prices)
      .filter((price) => price.recurring.interval === 'month' && price.recurring.interval_count === 1)
      .map((price) => price.unit_amount);
    return monthly.length ? Math.min(...monthly) : null;
  }, [products.data]);
}

/** The cover's big play button: toggles this track in the player dock, or starts it with the page's queue. */
function HeroPlayButton({ track, queue }: { track: TrackDto; queue: readonly TrackDto[] }) {
  const playing = usePlayerStore((state) => state.isPlaying && state.currentTrack?.id === track.id);
  const playTrack = usePlayerStore((state) => state.playTrack);
  const intl = useIntl();
  const title = trackTitle(track, intl.locale);
  return (
    <button
      type="button"
      onClick={() => playTrack(track, queue)}
      aria-label={
        playing
          ? intl.formatMessage({ id: 'player.pauseTrack', defaultMessage: 'Pause {title}' }, { title })
          : intl.formatMessage({ id: 'player.playTrack', defaultMessage: 'Play {title}' }, { title })
      }
      data-testid="track-page-play"
      className="grid size-14 place-items-center rounded-full bg-accent text-on-accent shadow-glow transition-transform hover:scale-105 hover:bg-accent-hover focus-visible:scale-105"
    >
      {playing ? <PauseIcon className="size-6" /> : <PlayIcon className="size-6 translate-x-px" />}
    </button>
  );
}

/** The waveform player of the page: bound to the player when this track is its current one. */
function TrackWaveform({ track, queue }: { track: TrackDto; queue: readonly TrackDto[] }) {
  const current = usePlayerStore((state) => state.currentTrack?.id === track.id);
  const setTrack = usePlayerStore((state) => state.setTrack);
  const seek = usePlayerStore((state) => state.seek);
  if (current) return <PlayerWaveform track={track} bars={200} className="h-16 sm:h-20" />;
  return (
    <Waveform
      track={track}
      progress={0}
      currentTime={0}
      duration={track.duration_seconds}
      bars={200}
      className="h-16 sm:h-20"
      // Seeking a track that is not playing starts it there, in the player dock.
      onSeek={(seconds) => {
        setTrack(track, queue);
        if (seconds > 0) seek(seconds);
      }}
    />
  );
}

/** The playlists the track can be added to (signed-in users), with the library's add action. */
function TrackPlaylists({ track }: { track: TrackDetailDto }) {
  const intl = useIntl();
  const session = useSession();
  const signedIn = session.status === 'user';
  const playlists = usePlaylists({ enabled: signedIn });
  const add = useAddToPlaylist();
  const title = trackTitle(track, intl.locale);
  return (
    <section
      aria-labelledby="track-playlists-title"
      className="rounded-2xl border border-line bg-surface/60 p-5 sm:p-6"
    >
      <h2 id="track-playlists-title" className="text-xl font-bold text-fg">
        {intl.formatMessage(text.playlists)}
      </h2>
      {signedIn ? (
        <>
          <p className="mt-2 text-sm text-fg-muted">{intl.formatMessage(text.playlistsIntro, { title })}</p>
          {playlists.isPending ? (
            <p className="mt-4 text-sm text-fg-subtle">{intl.formatMessage(text.loading)}</p>
          ) : playlists.isError ? (
            <p className="mt-4 text-sm text-danger">{errorText(intl, playlists.error)}</p>
          ) : playlists.data.length === 0 ? (
            <p className="mt-4 text-sm text-fg-subtle">{intl.formatMessage(text.noPlaylists)}</p>
          ) : (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label={intl.formatMessage(text.playlists)}>
              {playlists.data.map((playlist: PlaylistDto) => (
                <li key={playlist.id}>
                  <button
                    type="button"
                    disabled={add.isPending}
                    onClick={() => add.mutate({ playlistId: playlist.id, track })}
                    aria-label={intl.formatMessage(text.addTo, { title, playlist: playlist.name })}
                    className={cx(
                      'inline-flex max-w-64 items-center gap-2 rounded-full border border-line bg-ink-900/60 px-3.5 py-1.5 text-sm font-medium text-fg transition-colors',
                      'hover:border-accent/60 hover:text-accent disabled:opacity-60',
                    )}
                  >
                    <span aria-hidden="true" className="text-accent">
                      +
                    </span>
                    <span className="truncate">{playlist.name}</span>
                    <span className="text-xs text-fg-subtle">
                      {intl.formatMessage(text.trackCount, { count: playlist.tracks_count })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3 flex items-center gap-2 text-sm text-fg-subtle">
            {intl.formatMessage(text.newPlaylist)}
            <AddToPlaylistMenu track={track} />
          </div>
        </>
      ) : (
        <p className="mt-2 text-sm text-fg-muted">
          {intl.formatMessage(text.playlistsLogin)}{' '}
          <Link
            to={`${paths.auth.login.getHref()}?${new URLSearchParams({ next: paths.track.getHref(track.id) })}`}
            state={{ from: { pathname: paths.track.getHref(track.id), search: '', hash: '' } }}
            className="font-semibold text-accent hover:text-accent-hover"
          >
            {intl.formatMessage(text.login)}
          </Link>
        </p>
      )}
    </section>
  );
}

function TrackPage({ track }: { track: TrackDetailDto }) {
  const session = useSession();
  const bindings = useTrackListBindings();
  const viewer: LicenseViewer = session.status !== 'user' ? 'visitor' : session.isSubscriber ? 'subscriber' : 'user';
  const subscriptionFrom = useSubscriptionFrom(viewer === 'user');
  const more = useMoreInMaqam(track);
  const queue = useMemo<TrackDto[]>(() => [track, ...(more.data ?? [])], [track, more.data]);

  return (
    <>
      <TrackHero
        track={track}
        play={<HeroPlayButton track={track} queue={queue} />}
        waveform={<TrackWaveform track={track} queue={queue} />}
        actions={
          <>
            <TrackPrimaryAction track={track} />
            <LibraryActions track={track} />
            <TuningMenu track={track} />
          </>
        }
      />
      <Container className="flex flex-col gap-12 pt-10 sm:gap-16">
        <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <TrackFacts track={track} />
          <TrackPlaylists track={track} />
        </div>
        <LicenseOptions
          track={track}
          viewer={viewer}
          primaryAction={<TrackPrimaryAction track={track} />}
          subscriptionFromCents={subscriptionFrom}
        />
        <TrackDelivery track={track} />
        <MoreInMaqam track={track} {...bindings} />
      </Container>
    </>
  );
}

/**
 * `/track/:id` and `/ar/track/:id` (issue #32): a track's or loop's own page. The server prerenders its
 * head (title, description, Open Graph, JSON-LD: modules/seo) and answers 404 for an id that is no
 * published track; this page then shows the friendly not-found page.
 */
export default function TrackDetailRoute() {
  const { id = '' } = useParams();
  const track = useTrack(id);
  const intl = useIntl();

  // A screen's height while the track loads: the footer starts below the fold, so nothing on screen
  // moves when the page arrives (Lighthouse measured a layout shift of 0.55 with a short placeholder).
  if (track.isPending) {
    return (
      <div className="min-h-svh">
        <LoadingState label={intl.formatMessage(text.loading)} />
      </div>
    );
  }
  if (track.isError) {
    const status = isApiError(track.error) ? track.error.status : 0;
    if (status === 404 || status === 400) {
      return (
        <Suspense fallback={<LoadingState label={intl.formatMessage(text.loading)} />}>
          <NotFoundPage />
        </Suspense>
      );
    }
    return (
      <Container className="py-16">
        <title>{intl.formatMessage(text.pageTitle, { title: intl.formatMessage(text.eyebrow) })}</title>
        <EmptyState
          titleAs="h1"
          title={intl.formatMessage(commonMessages.somethingWentWrong)}
          description={errorText(intl, track.error)}
          action={<LinkButton to={paths.music.getHref()}>{intl.formatMessage(text.backToMusic)}</LinkButton>}
        />
      </Container>
    );
  }
  return <TrackPage key={track.data.id} track={track.data} />;
}
