import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';

type EmptyStateProps = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** h1 when the empty state is the whole page (e.g. not found). */
  titleAs?: 'h1' | 'h2';
};

/** A framed message for empty lists and not-yet-available content. */
export function EmptyState({ title, description, icon, action, className, titleAs: Title = 'h2' }: EmptyStateProps) {
  return (
    <div
      className={cx(
        'flex flex-col items-center rounded-2xl border border-line bg-surface/70 px-6 py-12 text-center shadow-card sm:px-10',
        className,
      )}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="mb-5 grid size-14 place-items-center rounded-full bg-accent/10 text-accent ring-1 ring-accent/30"
        >
          {icon}
        </div>
      ) : null}
      <Title className="text-2xl font-semibold text-fg">{title}</Title>
      {description ? <div className="mt-2 max-w-prose text-base text-fg-muted">{description}</div> : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
