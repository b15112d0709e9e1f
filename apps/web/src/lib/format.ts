/** Shown when a duration is unknown (spec §2 "Audio player": duration or --:--). */
export const UNKNOWN_DURATION = '--:--';

/**
 * Seconds → `m:ss` (`3:00`, `12:07`), or `h:mm:ss` from one hour on.
 * Unknown, negative or non-finite input gives `--:--`.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
    return UNKNOWN_DURATION;
  }
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

const priceFormatters = new Map<string, Intl.NumberFormat>();

/** Integer cents → `$4.99` (money is integer cents everywhere; spec §9 shows dollars). */
export function formatPrice(cents: number, currency = 'USD'): string {
  const key = currency.toUpperCase();
  let formatter = priceFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: key,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    priceFormatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

let countFormatter: Intl.NumberFormat | undefined;

/**
 * 50000 → `50,000`. Whole numbers are grouped by hand: the first Intl.NumberFormat of a page
 * costs milliseconds of main thread (docs/performance.md "Web"), and most pages only show counts.
 */
export function formatCount(value: number): string {
  if (Number.isSafeInteger(value)) return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  countFormatter ??= new Intl.NumberFormat('en-US');
  return countFormatter.format(value);
}
