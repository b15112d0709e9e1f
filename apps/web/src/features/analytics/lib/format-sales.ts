import { dateFormat, formatPrice } from '@/lib/format';

/** Dollars (as the API sends them) → `$4.99`. */
export const formatDollars = (dollars: number, currency = 'USD'): string =>
  formatPrice(Math.round(dollars * 100), currency);

const monthFormatter = {
  format: (date: Date) => dateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date),
};
const dayFormatter = {
  format: (date: Date) => dateFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(date),
};

/** `2026-03` → `Mar 2026`. */
export function formatMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return monthFormatter.format(new Date(Date.UTC(year, m - 1, 1)));
}

/** ISO date → `Mar 5, 2026`. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dayFormatter.format(date);
}

/** Rounds a chart's top value up to a "nice" number (1, 2, 2.5, 5 × 10^n). */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}
