import { useId, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';

type SettingsCardProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
};

/** One framed section of the account settings: a heading, a line of context, the form. */
export function SettingsCard({ title, description, children, tone = 'default' }: SettingsCardProps) {
  // From useId, not the title: an Arabic title has no Latin letters to make an id of.
  const id = `settings-${useId()}`;
  return (
    <section
      aria-labelledby={id}
      className={cx(
        'rounded-2xl border bg-surface p-5 shadow-card sm:p-7',
        tone === 'danger' ? 'border-pomegranate-400/35' : 'border-line',
      )}
    >
      <h2 id={id} className={cx('text-xl font-bold', tone === 'danger' ? 'text-danger' : 'text-fg')}>
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-fg-muted">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A success line under a form, announced to screen readers. */
export function SavedNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-xl border border-teal-500/40 bg-teal-700/20 px-4 py-3 text-sm text-fg">
      {children}
    </p>
  );
}
