import { PayoutRuleText } from '@tarab/contracts';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { buttonStyles } from '@/components/ui/button-styles';
import { adminStatementsCsv, useAdminStatements } from '@/features/analytics/api/get-statements';
import { StatementsTable } from '@/features/analytics/components/statements-table';
import { controlClass, labelClass } from '@/features/ingest/components/form-controls';
import { formatMonth } from '@/features/analytics/lib/format-sales';
import { errorText } from '@/lib/i18n/error-text';

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** Every artist's statement of one month (issue 22 part 7), with the payout rule and a CSV export. */
export function StatementsPanel() {
  const intl = useIntl();
  const monthId = useId();
  const [month, setMonth] = useState(thisMonth);
  const statements = useAdminStatements(month);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <label htmlFor={monthId} className={labelClass}>
            <FormattedMessage id="admin.statements.month" defaultMessage="Month" />
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
          <FormattedMessage id="admin.statements.csv" defaultMessage="Download CSV" />
        </a>
      </div>
      {statements.data ? (
        <p className="max-w-3xl text-sm text-fg-muted">
          {statements.data.rule === PayoutRuleText
            ? intl.formatMessage({
                id: 'admin.statements.rule',
                defaultMessage:
                  "You earn 70% of net sales (single-track and playlist sales less refunds, each refund in the month it happened) plus, for each subscriber who downloaded your tracks in the month, a share of half their monthly fee in proportion to how many of that month's downloads were yours (a subscriber whose downloads of the month all fell in a free trial brings no fee).",
              })
            : statements.data.rule}
        </p>
      ) : null}
      {statements.error ? (
        <p role="alert" className="text-danger">
          {errorText(intl, statements.error)}
        </p>
      ) : statements.isPending ? (
        <p className="text-fg-muted">
          <FormattedMessage id="admin.loading" defaultMessage="Loading…" />
        </p>
      ) : statements.data.data.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface/70 px-6 py-10 text-center text-fg-muted">
          <FormattedMessage
            id="admin.statements.empty"
            defaultMessage="No artist sold anything or was downloaded in {month}."
            values={{ month: formatMonth(month) }}
          />
        </p>
      ) : (
        <StatementsTable
          caption={intl.formatMessage(
            { id: 'admin.statements.caption', defaultMessage: 'Artist statements, {month}' },
            { month: formatMonth(month) },
          )}
          statements={statements.data.data}
          rowLabel="artist"
        />
      )}
    </div>
  );
}
