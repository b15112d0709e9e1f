import { createIntl, type IntlShape } from 'react-intl';
import { defaultLocale, type Locale } from './locales';

/**
 * The page's locale and messages for code outside React's tree (src/lib/format.ts, toasts sent
 * from mutation callbacks). A page has one locale for its whole life (switching languages loads the
 * other URL, decision 045); I18nProvider sets it when it renders.
 */
let active: IntlShape | undefined;

/** The page's react-intl object: `activeIntl().formatMessage(descriptor)`. */
export const activeIntl = (): IntlShape =>
  (active ??= createIntl({ locale: defaultLocale, defaultLocale, messages: {} }));

export const activeLocale = (): Locale => activeIntl().locale as Locale;

export function setActiveIntl(intl: IntlShape): void {
  active = intl;
}

/** Back to the default locale (the tests' setup does it after each test: a worker's files share this module). */
export function resetActiveIntl(): void {
  active = undefined;
}
