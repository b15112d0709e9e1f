import { formatCount } from '@/lib/format';

/**
 * A catalog count as the hero shows it, rounded down to two significant figures (at least to
 * tens) with a `+`: 96 → `90+`, 1,234 → `1,200+`, 250,317 → `250,000+`. Under 10 it is exact.
 */
export function roundedCount(count: number): string {
  const whole = Math.max(0, Math.floor(count));
  if (whole < 10) return String(whole);
  const step = 10 ** Math.max(1, String(whole).length - 2);
  return `${formatCount(Math.floor(whole / step) * step)}+`;
}
