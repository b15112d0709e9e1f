import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
/** Stripe's published test numbers, which the local (test-mode) payment driver accepts. */
const testCards = [
  { number: '4242 4242 4242 4242', outcome: defineMessage({ id: 'testMode.succeeds', defaultMessage: 'succeeds' }) },
  { number: '4000 0000 0000 0002', outcome: defineMessage({ id: 'testMode.declined', defaultMessage: 'declined' }) },
  {
    number: '4000 0000 0000 9995',
    outcome: defineMessage({ id: 'testMode.insufficientFunds', defaultMessage: 'insufficient funds' }),
  },
] as const;

/** The TEST MODE banner of the local checkout pages: no real card is charged. */
export function TestModeNotice() {
  const intl = useIntl();
  return (
    <aside
      aria-labelledby="test-mode-title"
      className="rounded-2xl border border-dashed border-accent/60 bg-accent/5 px-5 py-4 text-sm text-fg-muted"
    >
      <p id="test-mode-title" className="flex flex-wrap items-center gap-2 font-semibold text-fg">
        <span className="rounded-md bg-accent px-2 py-0.5 text-xs font-bold tracking-eyebrow text-on-accent">
          <FormattedMessage id="testMode.badge" defaultMessage="TEST MODE" />
        </span>
        <FormattedMessage id="testMode.noCharge" defaultMessage="No real card is charged." />
      </p>
      <p className="mt-2">
        <FormattedMessage
          id="testMode.instructions"
          defaultMessage="Use any future expiry date and any 3-digit CVC with one of these test cards:"
        />
      </p>
      <ul className="mt-2 space-y-1">
        {testCards.map((card) => (
          <li key={card.number} className="flex flex-wrap gap-x-3">
            {/* Card numbers read left to right on Arabic pages too (decision 046). */}
            <span dir="ltr" className="font-mono text-fg tabular-nums">
              {card.number}
            </span>
            <span>{intl.formatMessage(card.outcome)}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
