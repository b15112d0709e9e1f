import { serverText } from '@/lib/i18n/server-messages';
import { buttonStyles } from '@/components/ui/button-styles';
import { ARTIST_STATEMENTS_CSV, useArtistStatements } from '../api/get-statements';
import { StatementsTable } from './statements-table';

/** The artist's own monthly statements (issue 22 part 7), newest month first, with the payout rule and a CSV export. */
export function ArtistStatements() {
  const statements = useArtistStatements();
  return (
    <section aria-labelledby="statements-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id="statements-title" className="font-sans text-lg font-semibold text-fg">
            Monthly statements
          </h2>
          {statements.data ? <p className="mt-1 text-sm text-fg-muted">{statements.data.rule}</p> : null}
        </div>
        <a href={ARTIST_STATEMENTS_CSV} download className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
          Download CSV
        </a>
      </div>
      {statements.error ? (
        <p role="alert" className="text-danger">
          {serverText(statements.error.message)}
        </p>
      ) : statements.isPending ? (
        <p className="text-fg-muted">Loading…</p>
      ) : statements.data.data.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface/70 px-6 py-10 text-center text-fg-muted">
          No sales or subscription downloads yet: your first statement appears with them.
        </p>
      ) : (
        <StatementsTable caption="Your monthly statements" statements={statements.data.data} rowLabel="month" />
      )}
    </section>
  );
}
