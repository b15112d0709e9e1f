import type { ReactNode } from 'react';
import { IntlProvider, useIntl, type ResolvedIntlConfig } from 'react-intl';
import { setActiveLocale } from './active-locale';
import { defaultLocale, type Locale } from './locales';
import type { Messages } from './messages';

/** An Arabic text not translated yet shows its English text: not an error worth a console line. */
const onError: ResolvedIntlConfig['onError'] = (error) => {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error);
};

/** react-intl for the page's locale (decision 045). */
export function I18nProvider({
  locale = defaultLocale,
  messages = {},
  children,
}: {
  locale?: Locale | undefined;
  messages?: Messages | undefined;
  children: ReactNode;
}) {
  setActiveLocale(locale);
  return (
    <IntlProvider
      locale={locale}
      defaultLocale={defaultLocale}
      messages={messages as ResolvedIntlConfig['messages']}
      onError={onError}
    >
      {children}
    </IntlProvider>
  );
}

/** The page's locale. */
export const useLocale = (): Locale => useIntl().locale as Locale;
