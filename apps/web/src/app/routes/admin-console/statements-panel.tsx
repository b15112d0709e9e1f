import { serverText } from '@/lib/i18n/server-messages';
import { useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { adminStatementsCsv, useAdminStatements } from '@/features/analytics/api/get-statements';
import { StatementsTable } from '@/features/analytics/components/statements-table';
import { controlClass, labelClass } from '@/features/ingest/components/form-controls';
import { formatMonth } from '@/features/analytics/lib/format-sales';

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** Every artist's statement of one month (issue 22 part 7), with the payout rule and a CSV export. */
export function StatementsPanel() {
  const monthId = useId();
  const [month, setMonth] = useState(thisMonth);
  const statements = useAdminStatements(month);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <label htmlFor={monthId} className={labelClass}>
            Month
          </label>
          <input
            id={monthId}
            type="month"
            value={month}
            max={thisMonth()}
            onChange={(event) => {
              if (/^\d{4}-\d{2}$/.test(event.target.value)) setMonth(event.target.value);
            }}
            className={controlClass}
          />
        </div>
        <a href={adminStatementsCsv(month)} download className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
          Download CSV
        </a>
      </div>
      {statements.data ? <p className="max-w-3xl text-sm text-fg-muted">{statements.data.rule}</p> : null}
      {statements.error ? (
        <p role="alert" className="text-danger">
          {serverText(statements.error.message)}
        </p>
      ) : statements.isPending ? (
        <p className="text-fg-muted">Loading…</p>
      ) : statements.data.data.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface/70 px-6 py-10 text-center text-fg-muted">
          No artist sold anything or was downloaded in {formatMonth(month)}.
        </p>
      ) : (
        <StatementsTable
          caption={`Artist statements, ${formatMonth(month)}`}
          statements={statements.data.data}
          rowLabel="artist"
        />
      )}
    </div>
  );
}
