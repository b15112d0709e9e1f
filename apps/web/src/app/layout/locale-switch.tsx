import { useLocation } from 'react-router';
import { cx } from '@/lib/class-names';
import { useLocale } from '@/lib/i18n/i18n-provider';
import { localeNames, localizePath, rememberLocale, type Locale } from '@/lib/i18n/locales';

/**
 * The language switch (decision 045): a plain link to this page in the other language, so it works
 * before the app runs too (src/main.tsx remembers the choice then). The new page loads with its own
 * `<html lang dir>` and messages.
 */
export function LocaleSwitch({ className }: { className?: string }) {
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  // useLocation() is relative to the router's basename: the path without its locale.
  const href = localizePath(`${pathname}${search}${hash}`, other);
  return (
    <a
      href={href}
      hrefLang={other}
      lang={other}
      data-locale={other}
      onClick={() => rememberLocale(other)}
      className={cx(
        'inline-flex items-center rounded-full font-semibold text-fg-muted transition-colors hover:bg-white/5 hover:text-fg',
        className,
      )}
    >
      {localeNames[other]}
    </a>
  );
}
