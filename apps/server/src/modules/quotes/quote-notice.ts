import type { Mailer } from '../../mail/mailer.js';
import { quoteRequestMessage } from '../../mail/templates.js';
import type { QuoteNotifier } from './quotes.service.js';

/** The operator is told by email (OPERATOR_EMAIL), through the store's mailer (SMTP, or .eml files). */
export const mailQuoteNotice =
  (mailer: Mailer, operatorEmail: string): QuoteNotifier =>
  (quote) =>
    mailer.send(quoteRequestMessage(operatorEmail, quote));
