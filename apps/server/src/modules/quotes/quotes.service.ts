import { QuoteMessages, type QuoteRequestBody } from '@tarab/contracts';
import type { AppDb } from '../../db/client.js';
import * as repo from './quotes.repo.js';

/** Tells the operator about a request (an email); throws when it could not. */
export type QuoteNotifier = (quote: repo.QuoteRow) => Promise<void>;

const NOTICE_WAIT_MS = 3_000;

export interface QuotesContext {
  db: AppDb;
  notify: QuoteNotifier;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Stores the request first (nothing is lost when mail is down), then tells the operator; a failed
 * email leaves `notified_at` null and is sent again by `notifyPending` (at start).
 */
export async function requestQuote(ctx: QuotesContext, body: QuoteRequestBody, userId: number | null) {
  const quote = await repo.insertQuote(ctx.db, { ...body, email: body.email.toLowerCase(), userId });
  // The answer waits for the email a little (it is usually sent by then), never for a slow mail server.
  await Promise.race([sendNotice(ctx, quote), new Promise((resolve) => setTimeout(resolve, NOTICE_WAIT_MS).unref())]);
  return { message: QuoteMessages.received, data: { id: quote.id, created_at: quote.createdAt.toISOString() } };
}

async function sendNotice(ctx: QuotesContext, quote: repo.QuoteRow): Promise<boolean> {
  try {
    await ctx.notify(quote);
    await repo.markNotified(ctx.db, quote.id);
    return true;
  } catch (err) {
    ctx.log.warn(
      { err, quote: quote.id },
      'the operator was not told about a quote request; retried at the next start',
    );
    return false;
  }
}

/** Sends the operator emails that failed before; answers how many went out. */
export async function notifyPending(ctx: QuotesContext): Promise<number> {
  let sent = 0;
  for (const quote of await repo.findUnnotified(ctx.db)) if (await sendNotice(ctx, quote)) sent++;
  return sent;
}

/** The newest requests first, for the operator console (read-only). */
export const listQuoteRequests = (ctx: Pick<QuotesContext, 'db'>) => repo.listQuotes(ctx.db);
