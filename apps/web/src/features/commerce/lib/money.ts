import { activeLocale } from '@/lib/i18n/active-locale';
import { formatPrice } from '@/lib/format';

/** Dollars (as the API sends them) → `$4.99`. */
export const formatDollars = (dollars: number, currency = 'USD'): string =>
  formatPrice(Math.round(dollars * 100), currency);

/**
 * Cents → `US$5.99`, as the pricing page writes its amounts (spec §9). Arabic pages: Intl's own
 * `5.99 US$` already names the currency (decision 046).
 */
export const formatUsd = (cents: number): string =>
  activeLocale() === 'ar' ? formatPrice(cents, 'USD') : `US${formatPrice(cents, 'USD')}`;
