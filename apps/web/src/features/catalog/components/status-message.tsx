import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';

/** A quiet framed line for empty and failed sections ("No albums found.", "Something went wrong"). */
export function StatusMessage({
  children,
  tone = 'empty',
  className,
}: {
  children: ReactNode;
  tone?: 'empty' | 'error';
  className?: string;
}) {
  return (
    <p
      role={tone === 'error' ? 'alert' : undefined}
      className={cx(
        'rounded-xl border border-line bg-surface/60 px-4 py-10 text-center text-fg-muted',
        tone === 'error' && 'border-danger/40',
        className,
      )}
    >
      {children}
    </p>
  );
}
