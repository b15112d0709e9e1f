import catalogue from '@/lang/compiled/ar.json';
import { loadCatalogNames } from '@/lib/i18n/catalog-names';
import type { Messages } from '@/lib/i18n/messages';
import { loadServerMessages } from '@/lib/i18n/server-messages';

// What an Arabic page has once it is up (lib/i18n/messages.ts): the catalogue
// (here whole) and the answers' texts, the server's messages and the lexicon's Arabic names.
await Promise.all([loadServerMessages(), loadCatalogNames()]);

/** The whole Arabic catalogue, for tests that render Arabic pages. */
export const arabic: Messages = catalogue;
