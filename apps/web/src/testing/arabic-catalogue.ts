import catalogue from '@/lang/ar.messages';
import type { Messages } from '@/lib/i18n/messages';

/** The whole Arabic catalogue, for tests that render Arabic pages (as an Arabic page has it). */
export const arabic: Messages = catalogue;
