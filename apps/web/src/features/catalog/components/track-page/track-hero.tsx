import { defineMessages, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TrackDetailDto } from '@tarab/contracts';
import { Container } from '@/components/ui/container';
import { paths } from '@/config/paths';
import { albumTitle, trackTitle } from '@/lib/i18n/catalog-names';
import { ltr } from '@/lib/i18n/bidi';
import { musicalSummaryOf } from '../track-row';
import { untypedMessages } from './untyped-messages';
import { artistNameIn } from '@/lib/i18n/artist-name';

const text = untypedMessages(
  defineMessages({
    track: { id: 'trackPage.eyebrowTrack', defaultMessage: 'Track' },
    loop: { id: 'trackPage.eyebrowLoop', defaultMessage: 'Loop' },
    by: { id: 'trackPage.by', defaultMessage: 'By {artist}' },
    fromAlbum: { id: 'trackPage.fromAlbum', defaultMessage: 'From the album {album}' },
    pageTitle: { id: 'document.pageTitle', defaultMessage: '{title} · Tarab' },
  }),
);

type TrackHeroProps = {
  track: TrackDetailDto;
  /** The play button, over the cover (composed by `src/app`: the player feature). */
  play: ReactNode;
  /** The waveform player under the title. */
  waveform: ReactNode;
  /** The primary action and the library's actions. */
  actions: ReactNode;
};

/**
 * The head of a track's page (issue #32): the cover (blurred behind, as album and artist pages do), the
 * title in the page's language, the artist and album linked, its maqam and rhythm, the waveform player
 * and the actions. Sets the document title as the server's prerendered head does.
 */
export function TrackHero({ track, play, waveform, actions }: TrackHeroProps) {
  const intl = useIntl();
  const { locale } = intl;
  const title = trackTitle(track, locale);
  const cover = track.album?.image.url;
  const musical = musicalSummaryOf(track, locale);
  const facts = [musical, track.bpm ? ltr(locale, `${track.bpm} BPM`) : null, ltr(locale, track.duration)]
    .filter(Boolean)
    .join(' · ');
  return (
    <header className="relative isolate overflow-hidden border-b border-line">
      <title>{intl.formatMessage(text.pageTitle, { title })}</title>
      {cover ? (
        <img
          src={cover}
          alt=""
          aria-hidden="true"
          className="absolute inset-0 -z-20 size-full scale-125 object-cover opacity-35 blur-3xl"
        />
      ) : null}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-canvas/40 via-canvas/75 to-canvas"
      />
      <Container className="flex flex-col gap-6 py-8 sm:py-12">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:gap-8">
          <div className="relative size-40 shrink-0 overflow-hidden rounded-2xl bg-surface-raised shadow-pop ring-1 ring-white/15 sm:size-56">
            {cover ? <img src={cover} alt="" width={224} height={224} className="size-full object-cover" /> : null}
            <div className="absolute inset-x-0 bottom-0 flex justify-end p-3">{play}</div>
          </div>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">
              {intl.formatMessage(track.kind === 'loop' ? text.loop : text.track)}
            </p>
            <h1 className="mt-2 text-3xl font-bold break-words text-fg sm:text-5xl" dir="auto">
              {title}
            </h1>
            <p className="mt-3 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-fg-muted">
              <span>
                {intl.formatMessage(text.by, {
                  artist: (
                    <Link
                      key="artist"
                      to={paths.artistDetail.getHref(track.artist.id)}
                      className="font-semibold text-fg hover:underline"
                    >
                      <bdi>{artistNameIn(intl.locale, track.artist)}</bdi>
                    </Link>
                  ),
                })}
              </span>
              {track.album ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span>
                    {intl.formatMessage(text.fromAlbum, {
                      album: (
                        <Link
                          key="album"
                          to={paths.albumDetail.getHref(track.album.id)}
                          className="font-semibold text-fg hover:underline"
                        >
                          <bdi>{albumTitle(track.album, locale)}</bdi>
                        </Link>
                      ),
                    })}
                  </span>
                </>
              ) : null}
            </p>
            {facts ? (
              <p className="mt-2 text-sm text-accent/90" data-testid="track-page-summary">
                {facts}
              </p>
            ) : null}
          </div>
        </div>
        <div className="rounded-2xl border border-line bg-ink-900/70 p-3 backdrop-blur sm:p-4">{waveform}</div>
        <div className="flex flex-wrap items-center gap-2 sm:gap-3">{actions}</div>
      </Container>
    </header>
  );
}
