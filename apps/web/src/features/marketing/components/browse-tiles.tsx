import { defineMessage, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { ArrowRightIcon, DiscIcon, LoopIcon, MicIcon, MusicNoteIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';

type Tile = { to: string; title: MessageDescriptor; text: MessageDescriptor; icon: ReactNode; tone: string };

const tiles: Tile[] = [
  {
    to: paths.music.getHref(),
    title: defineMessage({ id: 'nav.music', defaultMessage: 'Music' }),
    text: defineMessage({ id: 'home.tiles.music', defaultMessage: 'Genres, moods, themes and instruments.' }),
    icon: <MusicNoteIcon className="size-6" />,
    tone: 'from-saffron-500/25 text-saffron-300',
  },
  {
    to: paths.loops.getHref(),
    title: defineMessage({ id: 'nav.loops', defaultMessage: 'Loops & tracks' }),
    text: defineMessage({ id: 'home.tiles.loops', defaultMessage: 'Loops by instrument, mood and maqam scale.' }),
    icon: <LoopIcon className="size-6" />,
    tone: 'from-teal-500/25 text-teal-300',
  },
  {
    to: paths.albums.getHref(),
    title: defineMessage({ id: 'nav.albums', defaultMessage: 'Albums' }),
    text: defineMessage({ id: 'home.tiles.albums', defaultMessage: 'Complete collections, start to finish.' }),
    icon: <DiscIcon className="size-6" />,
    tone: 'from-pomegranate-500/25 text-pomegranate-400',
  },
  {
    to: paths.artists.getHref(),
    title: defineMessage({ id: 'nav.artists', defaultMessage: 'Artists' }),
    text: defineMessage({ id: 'home.tiles.artists', defaultMessage: 'The musicians behind every note.' }),
    icon: <MicIcon className="size-6" />,
    tone: 'from-ink-400/30 text-ink-400',
  },
];

/** Four entry points into the catalogue (static: no data needed). */
export function BrowseTiles() {
  const intl = useIntl();
  return (
    <section aria-labelledby="browse-title" className="pt-16 sm:pt-20">
      <Container>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">
              <FormattedMessage id="home.browse.eyebrow" defaultMessage="Browse" />
            </p>
            <h2 id="browse-title" className="mt-2 text-3xl font-bold text-fg sm:text-4xl">
              <FormattedMessage id="home.browse.title" defaultMessage="Find the sound of the region" />
            </h2>
          </div>
        </div>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {tiles.map((tile) => (
            <li key={tile.to}>
              <Link
                to={tile.to}
                className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface p-6 shadow-card transition-[border-color,transform] duration-200 hover:-translate-y-0.5 hover:border-line-strong"
              >
                <span
                  aria-hidden="true"
                  className={cx(
                    'absolute inset-0 -z-0 bg-gradient-to-br to-transparent to-60% opacity-70 transition-opacity group-hover:opacity-100',
                    tile.tone,
                  )}
                />
                <span
                  aria-hidden="true"
                  className={cx(
                    'relative grid size-12 place-items-center rounded-xl bg-ink-950/60 ring-1 ring-white/10',
                    tile.tone,
                  )}
                >
                  {tile.icon}
                </span>
                <span className="relative mt-8 font-display text-2xl font-semibold text-fg">
                  {intl.formatMessage(tile.title)}
                </span>
                <span className="relative mt-1 text-sm text-fg-muted">{intl.formatMessage(tile.text)}</span>
                <span
                  aria-hidden="true"
                  className="relative mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-accent"
                >
                  <FormattedMessage id="home.tiles.open" defaultMessage="Open" />
                  <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5 rtl:group-hover:-translate-x-0.5" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
