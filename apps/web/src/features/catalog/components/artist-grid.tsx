import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ArtistDto } from '@tarab/contracts';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { artistNameIn } from '@/lib/i18n/artist-name';
import { cardClass, cardGridClass, CardGridSkeleton } from './card-grid';

/** An artist card: portrait, name, album count; links to the artist. */
function ArtistCard({ artist }: { artist: ArtistDto }) {
  const intl = useIntl();
  return (
    <Link to={paths.artistDetail.getHref(artist.id)} className={cx(cardClass, 'items-center px-3 py-5 text-center')}>
      <span className="block size-24 overflow-hidden rounded-full bg-surface-raised ring-2 ring-white/10 transition-[box-shadow] group-hover:ring-accent/60 sm:size-28">
        <img
          src={artist.image.url}
          alt=""
          loading="lazy"
          decoding="async"
          width={112}
          height={112}
          className="size-full object-cover"
        />
      </span>
      <span className="mt-4 line-clamp-2 font-semibold text-fg">
        <bdi>{artistNameIn(intl.locale, artist)}</bdi>
      </span>
      <span className="mt-0.5 text-sm text-fg-muted">
        <FormattedMessage
          id="artist.albumCount"
          defaultMessage="{count, plural, one {# album} other {# albums}}"
          values={{ count: artist.album_count }}
        />
      </span>
    </Link>
  );
}

/** A grid of artist cards. */
export function ArtistGrid({
  artists,
  label,
  className,
}: {
  artists: readonly ArtistDto[];
  label: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cx(cardGridClass, className)}>
      {artists.map((artist) => (
        <li key={artist.id}>
          <ArtistCard artist={artist} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while artists load. */
export function ArtistGridSkeleton({ count = 5, label }: { count?: number; label: string }) {
  return <CardGridSkeleton label={label} count={count} cardClassName="h-52" />;
}
