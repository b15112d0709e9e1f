import type { TrackDto } from '@tarab/contracts';
import { cx } from '@/lib/class-names';

/** The album cover of a track (decorative: the title is next to it). */
export function TrackCover({ track, className, size = 48 }: { track: TrackDto; className?: string; size?: number }) {
  const url = track.album?.image.url;
  return (
    <span className={cx('block shrink-0 overflow-hidden bg-surface-raised ring-1 ring-white/10', className)}>
      {url ? (
        <img src={url} alt="" width={size} height={size} decoding="async" className="size-full object-cover" />
      ) : null}
    </span>
  );
}
