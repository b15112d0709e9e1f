import { FormattedMessage, useIntl } from 'react-intl';
import { PayoutRuleText } from '@tarab/contracts';
import type { IntlShape } from 'react-intl';
import { ARTIST_STATEMENTS_CSV, useArtistStatements } from '../api/get-statements';
import { Statements, StatementsCsvLink } from './statements-table';

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
        <StatementsCsvLink href={ARTIST_STATEMENTS_CSV}>
          <FormattedMessage id="artistStatements.downloadCsv" defaultMessage="Download CSV" />
        </StatementsCsvLink>
      </div>
      <Statements
        statements={statements}
        caption={intl.formatMessage({ id: 'artistStatements.caption', defaultMessage: 'Your monthly statements' })}
        rowLabel="month"
        loading={<FormattedMessage id="artistStatements.loading" defaultMessage="Loading…" />}
        empty={
          <FormattedMessage
            id="artistStatements.empty"
            defaultMessage="No sales or subscription downloads yet: your first statement appears with them."
          />
        }
      />
    </section>
  );
}
