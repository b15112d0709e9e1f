import { PayoutRuleText } from '@tarab/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { InputField } from '@/components/ui/field';
import { adminStatementsCsv, useAdminStatements } from '../api/get-statements';
import { formatMonth } from '../lib/format-sales';
import { Statements, StatementsCsvLink } from './statements-table';

const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * Every artist's statement of one month (issue 22 part 7), with the payout rule and a CSV export:
 * the operator console's Statements tab.
 */
export function AdminStatements() {
  const intl = useIntl();
  const [month, setMonth] = useState(thisMonth);
  const statements = useAdminStatements(month);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <InputField
          label={<FormattedMessage id="admin.statements.month" defaultMessage="Month" />}
          type="month"
          value={month}
          max={thisMonth()}
          onChange={(event) => {
            if (/^\d{4}-\d{2}$/.test(event.target.value)) setMonth(event.target.value);
          }}
        />
        <StatementsCsvLink href={adminStatementsCsv(month)}>
          <FormattedMessage id="admin.statements.csv" defaultMessage="Download CSV" />
        </StatementsCsvLink>
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
      <Statements
        statements={statements}
        caption={intl.formatMessage(
          { id: 'admin.statements.caption', defaultMessage: 'Artist statements, {month}' },
          { month: formatMonth(month) },
        )}
        rowLabel="artist"
        loading={<FormattedMessage id="admin.loading" defaultMessage="Loading…" />}
        empty={
          <FormattedMessage
            id="admin.statements.empty"
            defaultMessage="No artist sold anything or was downloaded in {month}."
            values={{ month: formatMonth(month) }}
          />
        }
      />
    </div>
  );
}
