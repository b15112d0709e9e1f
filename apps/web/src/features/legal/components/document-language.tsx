import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { dirOf, type Locale } from '@/lib/i18n/locales';
import { EnglishOnlyNotice } from './english-only-notice';
import { TranslationNotice } from './translation-notice';

/**
 * A content page in the page's language (issue 19). English pages show the English document as it
 * is. On another language's page, a translation is marked with its language and opens with the
 * note that the English text governs; a document not translated yet is shown in English, marked
 * English (left to right, pronounced as English), under the note that the page is English only.
 */
export function DocumentLanguage({ lang, children }: { lang: Locale; children: ReactNode }) {
  const locale = useIntl().locale;
  if (locale === 'en' && lang === 'en') return children;
  if (lang === locale) {
    return (
      <div lang={lang} dir={dirOf(lang)}>
        <TranslationNotice />
        {children}
      </div>
    );
  }
  return (
    <>
      <EnglishOnlyNotice />
      <div lang="en" dir="ltr">
        {children}
      </div>
    </>
  );
}
