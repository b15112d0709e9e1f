import type { IntlShape } from 'react-intl';

/** `per month`, `every 3 months` (lib/plans.ts `intervalLabel`, in the page's language). */
export function intervalText(intl: IntlShape, interval: string, count = 1): string {
  if (interval === 'year') {
    return count > 1
      ? intl.formatMessage({ id: 'subscriptions.everyYears', defaultMessage: 'every {count} years' }, { count })
      : intl.formatMessage({ id: 'subscriptions.perYear', defaultMessage: 'per year' });
  }
  if (interval === 'month') {
    return count > 1
      ? intl.formatMessage({ id: 'subscriptions.everyMonths', defaultMessage: 'every {count} months' }, { count })
      : intl.formatMessage({ id: 'subscriptions.perMonth', defaultMessage: 'per month' });
  }
  return count > 1 ? `every ${count} ${interval}s` : `per ${interval}`;
}

/** `Yearly` / `Monthly` (the interval's badge); `lower` for inside a sentence (`yearly`). */
export function intervalName(intl: IntlShape, interval: string, lower = false): string {
  if (interval === 'year') {
    return lower
      ? intl.formatMessage({ id: 'subscriptions.yearlyLower', defaultMessage: 'yearly' })
      : intl.formatMessage({ id: 'pricing.yearly', defaultMessage: 'Yearly' });
  }
  if (interval === 'month') {
    return lower
      ? intl.formatMessage({ id: 'subscriptions.monthlyLower', defaultMessage: 'monthly' })
      : intl.formatMessage({ id: 'pricing.monthly', defaultMessage: 'Monthly' });
  }
  return interval;
}
