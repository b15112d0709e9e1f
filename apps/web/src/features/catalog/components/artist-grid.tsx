import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ArtistDto } from '@tarab/contracts';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { artistNameIn } from '@/lib/i18n/artist-name';

/** An artist card: portrait, name, album count; links to the artist. */
function ArtistCard({ artist }: { artist: ArtistDto }) {
  const intl = useIntl();
  return (
    <Link
      to={paths.artistDetail.getHref(artist.id)}
      className="group flex h-full flex-col items-center rounded-2xl border border-line bg-surface px-3 py-5 text-center shadow-card transition-[border-color,transform] duration-200 hover:-translate-y-0.5 hover:border-line-strong"
    >
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
    <ul aria-label={label} className={cx('grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5', className)}>
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
  const intl = useIntl();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={intl.formatMessage({ id: 'common.loadingLabel', defaultMessage: '{label}: Loading...' }, { label })}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5"
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="h-52 animate-pulse rounded-2xl bg-surface" />
      ))}
    </div>
  );
}
