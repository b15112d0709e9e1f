import type { QuoteRow } from './quotes.repo.js';
import type { QuoteNotifier } from './quotes.service.js';

/** The operator's notice of one request: subject and plain text. */
export function quoteNotice(quote: QuoteRow): { subject: string; text: string } {
  return {
    subject: `Enterprise quote request #${quote.id} from ${quote.company}`,
    text: [
      `A new Enterprise quote request (#${quote.id}, ${quote.createdAt.toISOString()}).`,
      '',
      `Name:    ${quote.name}`,
      `Company: ${quote.company}`,
      `Email:   ${quote.email}`,
      '',
      'What they need:',
      quote.needs,
      '',
      'Reply to the requester at the address above.',
    ].join('\n'),
  };
}

/** Without a mailer: the notice goes to the log (one line per request). */
export const logQuoteNotice =
  (log: { info(obj: object, msg: string): void }): QuoteNotifier =>
  async (quote) => {
    log.info({ quote: quote.id, company: quote.company }, quoteNotice(quote).subject);
  };
