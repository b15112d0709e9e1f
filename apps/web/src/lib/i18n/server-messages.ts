import type { MessageDescriptor } from 'react-intl';
import { activeIntl } from './active-locale';
import { noteAnswerTextMissed } from './answer-text-misses';

/**
 * The server's messages in the page's language (decision 045). The table of them
 * (server-message-table.ts) is only needed where they are translated: pages in another language than
 * English load it with their catalogue (`loadMessages`, decision 050); English pages never do.
 */
let byEnglish: ReadonlyMap<string, MessageDescriptor> | undefined;

/** Loads the table of the server's messages; `serverText` translates them from then on. */
export async function loadServerMessages(): Promise<void> {
  byEnglish = (await import('./server-message-table')).serverMessagesByEnglish;
}

/**
 * A server's message (an API error, a known answer) in the page's language: Arabic when the store
 * knows the message, as it is otherwise (English pages always as they are).
 */
export function serverText(text: string): string {
  const intl = activeIntl();
  if (intl.locale === 'en') return text;
  const descriptor = byEnglish?.get(text);
  // Not here yet: the table, or the translation it points to (they load together, messages.ts).
  if (!byEnglish || (descriptor?.id && !(descriptor.id in intl.messages))) noteAnswerTextMissed();
  return descriptor ? intl.formatMessage(descriptor) : text;
}
