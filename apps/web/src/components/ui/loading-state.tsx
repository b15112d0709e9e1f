import { Spinner } from './spinner';

/** A centred spinner with a visible line of text, for a page or section that is loading. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-60 flex-col items-center justify-center gap-3 py-16 text-fg-muted">
      <Spinner label={label} />
      <p aria-hidden="true" className="text-sm">
        {label}
      </p>
    </div>
  );
}
