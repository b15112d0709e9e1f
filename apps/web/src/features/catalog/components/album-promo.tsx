import { FormattedMessage } from 'react-intl';
import { LinkButton } from '@/components/ui/link-button';
import { ArrowRightIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** The /album promotional banner: Want more album? and Explore Music (to /music). */
export function AlbumPromo() {
  return (
    <aside
      aria-labelledby="album-promo-title"
      className="relative isolate overflow-hidden rounded-2xl border border-accent/25 bg-gradient-to-br from-ink-800 via-ink-850 to-ink-900 px-6 py-10 shadow-card sm:px-12"
    >
      <div
        aria-hidden="true"
        className="pattern-stars absolute inset-0 -z-10 opacity-[0.08] [mask-image:linear-gradient(to_left,black,transparent_75%)]"
      />
      <div
        aria-hidden="true"
        className="absolute -top-24 -start-16 -z-10 size-72 rounded-full bg-teal-500/15 blur-3xl"
      />
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-xl">
          <h2 id="album-promo-title" className="text-3xl font-bold text-fg sm:text-4xl">
            <FormattedMessage id="albums.promo.title" defaultMessage="Want more album?" />
          </h2>
          <p className="mt-2 text-fg-muted">
            <FormattedMessage
              id="albums.promo.text"
              defaultMessage="Browse every genre, mood, theme and instrument — and find the next record for your project."
            />
          </p>
        </div>
        <LinkButton to={paths.music.getHref()} size="lg" className="self-start md:self-auto">
          <FormattedMessage id="albums.promo.cta" defaultMessage="Explore Music" />
          <ArrowRightIcon className="size-5" />
        </LinkButton>
      </div>
    </aside>
  );
}
