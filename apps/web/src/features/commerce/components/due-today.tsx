import { FormattedMessage } from 'react-intl';
import { dateFormat } from '@/lib/format';
import { formatDollars, formatNothing } from '../lib/money';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `27 Dec 2026` in English, the page's language otherwise. */
const chargeDate = (date: Date) =>
  dateFormat({ day: 'numeric', month: 'short', year: 'numeric' }, 'en-GB').format(date);

/**
 * What the subscription checkout charges (issue 32), above the Pay button: with a free trial
 * `$0 today, then $71.88 on 27 Dec 2026` (the first charge: the plan's amount when the trial of
 * `trialDays` ends), without one the plain amount due today.
 */
export function DueToday({
  amountCents,
  currency,
  trialDays,
  now = Date.now(),
}: {
  amountCents: number;
  currency: string;
  /** 0: no trial applies. */
  trialDays: number;
  now?: number;
}) {
  const amount = <bdi dir="ltr">{formatDollars(amountCents / 100, currency)}</bdi>;
  return (
    <p
      data-testid="due-today"
      className="rounded-xl border border-line bg-white/5 px-4 py-3 text-sm font-semibold text-fg tabular-nums"
    >
      {trialDays > 0 ? (
        <FormattedMessage
          id="subscriptionCheckout.dueWithTrial"
          defaultMessage="{today} today, then {amount} on {date}"
          values={{
            today: <bdi dir="ltr">{formatNothing(currency)}</bdi>,
            amount,
            date: <bdi>{chargeDate(new Date(now + trialDays * DAY_MS))}</bdi>,
          }}
        />
      ) : (
        <FormattedMessage id="subscriptionCheckout.dueToday" defaultMessage="Due today: {amount}" values={{ amount }} />
      )}
    </p>
  );
}
