import { formatPrice } from '@/lib/format';

/** Dollars (as the API sends them) → `$4.99`. */
export const formatDollars = (dollars: number, currency = 'USD'): string =>
  formatPrice(Math.round(dollars * 100), currency);

/** Cents → `US$5.99`, as the pricing page writes its amounts (spec §9). */
export const formatUsd = (cents: number): string => `US${formatPrice(cents, 'USD')}`;
