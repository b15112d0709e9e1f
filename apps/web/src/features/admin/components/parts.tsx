import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useErrorText } from '@/lib/i18n/error-text';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { cx } from '@/lib/class-names';
import { dateFormat } from '@/lib/format';

/** Small shared pieces of the operator console. */

export type PillTone = 'good' | 'muted' | 'warn' | 'bad';
const pillTones: Record<PillTone, string> = {
  good: 'bg-teal-400/15 text-teal-300 ring-teal-400/40',
  muted: 'bg-white/5 text-fg-muted ring-line-strong',
  warn: 'bg-saffron-400/10 text-saffron-200 ring-saffron-400/40',
  bad: 'bg-pomegranate-700/30 text-pomegranate-400 ring-pomegranate-400/40',
};

export function Pill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return (
    <span
      className={cx(
        'inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-xs font-semibold ring-1 ring-inset',
        pillTones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** A console list's or table's query and rows. */
export type LoadStateProps = {
  isLoading: boolean;
  error: Error | null;
  count: number | undefined;
  empty: string;
  children: ReactNode;
};

/** What a console list or table shows: the error, "Loading…", a quiet "nothing", or its rows. */
export function LoadState({ isLoading, error, count, empty, children }: LoadStateProps) {
  const errorText = useErrorText();
  if (error) {
    return (
      <p role="alert" className="rounded-2xl border border-line bg-surface px-6 py-6 text-danger">
        {errorText(error)}
      </p>
    );
  }
  if (isLoading) {
    return (
      <p className="px-1 py-6 text-fg-muted">
        <FormattedMessage id="admin.loading" defaultMessage="Loading…" />
      </p>
    );
  }
  if (count === 0) {
    return <p className="rounded-2xl border border-line bg-surface/70 px-6 py-10 text-center text-fg-muted">{empty}</p>;
  }
  return children;
}

/** The frame of a console list: a heading, what it is, and its rows (or a quiet "nothing"). */
export function ConsoleList({ title, children, ...state }: LoadStateProps & { title: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="sr-only">
        {title}
      </h2>
      <LoadState {...state}>
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-card">
          {children}
        </ul>
      </LoadState>
    </section>
  );
}

/**
 * An email inside a sentence: one left-to-right box, so that on an Arabic page it neither splits
 * across lines at its hyphens (its halves would swap sides) nor reorders; a longer one wraps inside.
 */
export function Email({ children }: { children: string }) {
  return (
    <bdi dir="ltr" className="inline-block max-w-full break-all">
      {children}
    </bdi>
  );
}

export const rowClass = 'flex flex-wrap items-start gap-x-4 gap-y-3 px-4 py-4 sm:px-5';

/** A moment of the console (`26 Nov 2026, 09:15 UTC`), in the page's language with Latin digits. */
export const when = (iso: string) =>
  dateFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }, 'en-GB').format(new Date(iso)) + ' UTC';

/** The text the artist reads (a rejection reason, a takedown note), with its error under it. */
export function NoteToArtistField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <TextAreaField
      label={label}
      rows={3}
      maxLength={1000}
      value={value}
      onChange={onChange}
      errors={error ? [error] : undefined}
    />
  );
}

/** Cancel and the action of a console dialog (the action shows `busyLabel` while it runs). */
export function DialogActions({
  onCancel,
  label,
  busyLabel,
  busy,
}: {
  onCancel: () => void;
  label: string;
  busyLabel: string;
  busy: boolean;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button variant="secondary" onClick={onCancel}>
        <FormattedMessage id="admin.dialog.cancel" defaultMessage="Cancel" />
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
