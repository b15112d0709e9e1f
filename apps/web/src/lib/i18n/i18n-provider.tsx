import { useMemo, type ReactNode } from 'react';
import { createIntl, createIntlCache, RawIntlProvider, useIntl, type ResolvedIntlConfig } from 'react-intl';
import { setActiveIntl } from './active-locale';
import { defaultLocale, type Locale } from './locales';
import type { Messages } from './messages';

/** An Arabic text not translated yet shows its English text: not an error worth a console line. */
const onError: ResolvedIntlConfig['onError'] = (error) => {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error);
};

const cache = createIntlCache();

/** react-intl for the page's locale (decision 045); code outside components reads it too (active-locale.ts). */
export function I18nProvider({
  locale = defaultLocale,
  messages,
  children,
}: {
  locale?: Locale | undefined;
  messages?: Messages | undefined;
  children: ReactNode;
}) {
  const intl = useMemo(
    () =>
      createIntl(
        {
          locale,
          defaultLocale,
          messages: (messages ?? {}) as ResolvedIntlConfig['messages'],
          onError,
        },
        cache,
      ),
    [locale, messages],
  );
  setActiveIntl(intl);
  return <RawIntlProvider value={intl}>{children}</RawIntlProvider>;
}

/** The page's locale. */
export const useLocale = (): Locale => useIntl().locale as Locale;
