import type { Locale } from './locales';
import { loadServerMessages } from './server-messages';

/** A locale's compiled messages (formatjs ASTs, `npm run i18n:compile -w @tarab/web`), by id. */
export type Messages = Record<string, unknown>;

/**
 * Only the active locale's messages are loaded (decision 045). English is the source language: its
 * texts are the `defaultMessage`s in the code, so it needs no catalogue. Arabic's catalogue is a
 * chunk of its own, fetched only by Arabic pages, with the table of the server's messages (decision 050).
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en') return {};
  const [catalogue] = await Promise.all([import('@/lang/compiled/ar.json'), loadServerMessages()]);
  return catalogue.default as Messages;
}
