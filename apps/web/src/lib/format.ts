import { activeLocale } from './i18n/active-locale';

/**
 * The BCP 47 tag Intl formats with on this page (decision 046): English keeps each caller's own
 * (`en-US` by default, `en-GB` where the spec's pages show day-month dates), Arabic is `ar` with
 * Latin digits — the digits of the store's durations, BPM and prices in both languages.
 */
export function intlTag(english = 'en-US'): string {
  return activeLocale() === 'ar' ? 'ar-u-nu-latn' : english;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** A date formatter for this page's language, made once per options (a first one costs ms). */
export function dateFormat(options: Intl.DateTimeFormatOptions, english = 'en-US'): Intl.DateTimeFormat {
  const tag = intlTag(english);
  const key = `${tag} ${JSON.stringify(options)}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, options);
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/** Shown when a duration is unknown (spec §2 "Audio player": duration or --:--). */
const UNKNOWN_DURATION = '--:--';

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
  const code = currency.toUpperCase();
  const key = `${intlTag()} ${code}`;
  let formatter = priceFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlTag(), {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    priceFormatters.set(key, formatter);
  }
  const text = formatter.format(cents / 100);
  // Arabic: the amount and its currency read as one left-to-right run (`US$` would otherwise flip
  // to `$US` in right-to-left text; decision 046).
  return activeLocale() === 'ar' ? `\u2066${text.replace(/\u200f/g, '')}\u2069` : text;
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
