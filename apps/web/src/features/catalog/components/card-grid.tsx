import { useIntl } from 'react-intl';
import { cx } from '@/lib/class-names';

/** The grid of album and artist cards: two columns on a phone, five on a wide screen. */
export const cardGridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5';

/** An album's or artist's card: a link that lifts on hover. */
export const cardClass =
  'group flex h-full flex-col rounded-2xl border border-line bg-surface shadow-card transition-[border-color,transform] duration-200 hover:-translate-y-0.5 hover:border-line-strong';

/** Placeholder cards while the list loads, named `{label}: Loading...`. */
export function CardGridSkeleton({
  label,
  count,
  cardClassName,
  className,
}: {
  label: string;
  count: number;
  /** The placeholder card's size (a cover's aspect, a portrait card's height). */
  cardClassName: string;
  className?: string;
}) {
  const intl = useIntl();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={intl.formatMessage({ id: 'common.loadingLabel', defaultMessage: '{label}: Loading...' }, { label })}
      className={cx(cardGridClass, className)}
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={cx('animate-pulse rounded-2xl bg-surface', cardClassName)} />
      ))}
    </div>
  );
}
