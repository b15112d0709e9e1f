import { useId } from 'react';
import { cx } from '@/lib/class-names';

/**
 * The Tarab mark: an eight-pointed star (two squares, a motif of Middle Eastern
 * geometric art) around five sound bars. Same drawing as public/favicon.svg.
 */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 40 40" className={className}>
      <defs>
        <linearGradient id={gradientId} x1="4" y1="4" x2="36" y2="36" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#fbe2a6" />
          <stop offset="0.55" stopColor="#f4b840" />
          <stop offset="1" stopColor="#e59e1c" />
        </linearGradient>
      </defs>
      <g fill="none" stroke={`url(#${gradientId})`} strokeWidth="2.2" strokeLinejoin="round">
        <rect x="8.5" y="8.5" width="23" height="23" rx="1.5" />
        <rect x="8.5" y="8.5" width="23" height="23" rx="1.5" transform="rotate(45 20 20)" />
      </g>
      <g fill={`url(#${gradientId})`}>
        <rect x="13.1" y="17.5" width="2.2" height="5" rx="1.1" />
        <rect x="16.5" y="14.5" width="2.2" height="11" rx="1.1" />
        <rect x="19.9" y="12" width="2.2" height="16" rx="1.1" />
        <rect x="23.3" y="15.5" width="2.2" height="9" rx="1.1" />
        <rect x="26.7" y="18" width="2.2" height="4" rx="1.1" />
      </g>
    </svg>
  );
}

/** Mark + wordmark. `wordmarkClassName` can hide the word where space is short. */
export function Logo({ className, wordmarkClassName }: { className?: string; wordmarkClassName?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span
        className={cx('pt-1.5 font-display text-2xl leading-none font-bold tracking-wide text-fg', wordmarkClassName)}
      >
        Tarab
      </span>
    </span>
  );
}
