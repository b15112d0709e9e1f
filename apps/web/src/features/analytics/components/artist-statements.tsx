import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { PayoutRuleText } from '@tarab/contracts';
import type { IntlShape } from 'react-intl';
import { buttonStyles } from '@/components/ui/button-styles';
import { ARTIST_STATEMENTS_CSV, useArtistStatements } from '../api/get-statements';
import { StatementsTable } from './statements-table';

/** The payout rule the server states (contracts statements.ts), in the page's language. */
function statementRule(intl: IntlShape, rule: string): string {
  return rule === PayoutRuleText
    ? intl.formatMessage({
        id: 'artistStatements.rule',
        defaultMessage:
          "You earn 70% of net sales (single-track and playlist sales less refunds, each refund in the month it happened) plus, for each subscriber who downloaded your tracks in the month, a share of half their monthly fee in proportion to how many of that month''s downloads were yours (a subscriber whose downloads of the month all fell in a free trial brings no fee).",
      })
    : rule;
}

/** The artist's own monthly statements (issue 22 part 7), newest month first, with the payout rule and a CSV export. */
export function ArtistStatements() {
  const statements = useArtistStatements();
  const intl = useIntl();
  return (
    <section aria-labelledby="statements-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id="statements-title" className="font-sans text-lg font-semibold text-fg">
            <FormattedMessage id="artistStatements.title" defaultMessage="Monthly statements" />
          </h2>
          {statements.data ? (
            <p className="mt-1 text-sm text-fg-muted">{statementRule(intl, statements.data.rule)}</p>
          ) : null}
        </div>
        <a href={ARTIST_STATEMENTS_CSV} download className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
          <FormattedMessage id="artistStatements.downloadCsv" defaultMessage="Download CSV" />
        </a>
      </div>
      {statements.error ? (
        <p role="alert" className="text-danger">
          {errorText(intl, statements.error)}
        </p>
      ) : statements.isPending ? (
        <p className="text-fg-muted">
          <FormattedMessage id="artistStatements.loading" defaultMessage="Loading…" />
        </p>
      ) : statements.data.data.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface/70 px-6 py-10 text-center text-fg-muted">
          <FormattedMessage
            id="artistStatements.empty"
            defaultMessage="No sales or subscription downloads yet: your first statement appears with them."
          />
        </p>
      ) : (
        <StatementsTable
          caption={intl.formatMessage({ id: 'artistStatements.caption', defaultMessage: 'Your monthly statements' })}
          statements={statements.data.data}
          rowLabel="month"
        />
      )}
    </section>
  );
}
