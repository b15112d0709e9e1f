import { cx } from '@/lib/class-names';

type SpinnerProps = { label?: string; className?: string };

/** A small circular spinner; the label is read by screen readers. */
export function Spinner({ label = 'Loading…', className }: SpinnerProps) {
  return (
    <span role="status" className={cx('inline-flex items-center', className)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 animate-spin text-accent">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
