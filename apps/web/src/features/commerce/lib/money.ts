import { activeLocale } from '@/lib/i18n/active-locale';
import { formatPrice, intlTag } from '@/lib/format';

/** Dollars (as the API sends them) → `$4.99`. */
export const formatDollars = (dollars: number, currency = 'USD'): string =>
  formatPrice(Math.round(dollars * 100), currency);

/**
 * Cents → `US$5.99`, as the pricing page writes its amounts (spec §9). Arabic pages: Intl's own
 * `5.99 US$` already names the currency (decision 046).
 */
export const formatUsd = (cents: number): string =>
  activeLocale() === 'ar' ? formatPrice(cents, 'USD') : `US${formatPrice(cents, 'USD')}`;

/** Nothing to pay, without cents: `$0` (the "$0 today" of a trial). */
export const formatNothing = (currency = 'USD'): string =>
  new Intl.NumberFormat(intlTag(), {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(0);
