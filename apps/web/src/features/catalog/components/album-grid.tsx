import { albumTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { commonMessages } from '@/lib/i18n/common-messages';
import { Link } from 'react-router';
import type { AlbumDto } from '@tarab/contracts';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { cardClass, cardGridClass, CardGridSkeleton } from './card-grid';
import { StatusMessage } from './status-message';

const NO_ALBUMS = 'No albums found.';

/** An album card: cover, title, `{music_count} tracks`; links to the album (spec §2 "Home"). */
function AlbumCard({ album }: { album: AlbumDto }) {
  const intl = useIntl();
  return (
    <Link to={paths.albumDetail.getHref(album.id)} className={cx(cardClass, 'p-2.5 sm:p-3')}>
      <span className="block aspect-square overflow-hidden rounded-xl bg-surface-raised">
        <img
          src={album.image.url}
          alt=""
          loading="lazy"
          decoding="async"
          width={300}
          height={300}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </span>
      <span className="mt-3 line-clamp-2 px-1 font-semibold text-fg">{albumTitle(album, intl.locale)}</span>
      <span className="mt-0.5 px-1 pb-1 text-sm text-fg-muted">
        <FormattedMessage
          id="album.trackCount"
          defaultMessage="{count} tracks"
          values={{ count: String(album.music_count) }}
        />
      </span>
    </Link>
  );
}

type AlbumGridProps = {
  albums: readonly AlbumDto[] | undefined;
  status: 'pending' | 'error' | 'success';
  /** Show at most this many (home: 5). */
  limit?: number;
  emptyText?: string;
  label: string;
  className?: string;
};

/** A grid of album cards, with its loading, failed and empty states. */
export function AlbumGrid({ albums, status, limit, emptyText = NO_ALBUMS, label, className }: AlbumGridProps) {
  const intl = useIntl();
  if (status === 'pending') {
    return <CardGridSkeleton label={label} count={limit ?? 5} cardClassName="aspect-[4/5]" className={className} />;
  }
  if (status === 'error')
    return (
      <StatusMessage tone="error" className={className}>
        {intl.formatMessage(commonMessages.somethingWentWrong)}
      </StatusMessage>
    );
  const shown = limit === undefined ? (albums ?? []) : (albums ?? []).slice(0, limit);
  if (shown.length === 0) {
    return (
      <StatusMessage className={className}>
        {emptyText === NO_ALBUMS
          ? intl.formatMessage({ id: 'album.none', defaultMessage: 'No albums found.' })
          : emptyText}
      </StatusMessage>
    );
  }
  return (
    <ul aria-label={label} className={cx(cardGridClass, className)}>
      {shown.map((album) => (
        <li key={album.id}>
          <AlbumCard album={album} />
        </li>
      ))}
    </ul>
  );
}
