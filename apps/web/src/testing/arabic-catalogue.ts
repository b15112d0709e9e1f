import catalogue from '@/lang/compiled/ar.json';
import { loadCatalogNames } from '@/lib/i18n/catalog-names';
import type { Messages } from '@/lib/i18n/messages';
import { loadServerMessages } from '@/lib/i18n/server-messages';

// What an Arabic page has before its first render (lib/i18n/messages.ts loadMessages): the catalogue
// (here whole) and the tables loaded with it, the server's messages and the lexicon's Arabic names.
await Promise.all([loadServerMessages(), loadCatalogNames()]);

/** The whole Arabic catalogue, for tests that render Arabic pages. */
export const arabic: Messages = catalogue;
