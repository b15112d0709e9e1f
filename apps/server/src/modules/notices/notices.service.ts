import type { DbOrTx } from '../../db/client.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { MailOutbox } from '../../mail/outbox.js';
import * as templates from '../../mail/templates.js';
import { claimTrialReminders } from '../commerce/subscription.service.js';
import * as repo from './notices.repo.js';

/**
 * Receipts and notices by email (issue 17): a paid order, a subscription started, renewed or
 * cancelled, a trial ending in 3 days. Commerce calls these inside its own transaction, with that
 * transaction's handle: the message is composed from the rows it can see and queued in the mail
 * outbox in the same transaction, so it goes out exactly when the order or event is committed, with
 * retries (decision 067).
 */
export interface CommerceNotices {
  orderPaid(db: DbOrTx, userId: number, order: templates.ReceiptDetails): Promise<void>;
  /** One receipt for a whole playlist's checkout (every track and licence key in it). */
  cartPaid(db: DbOrTx, userId: number, cart: templates.CartReceiptDetails): Promise<void>;
  subscriptionStarted(db: DbOrTx, subscriptionId: number): Promise<void>;
  subscriptionRenewed(db: DbOrTx, subscriptionId: number): Promise<void>;
  subscriptionCancelled(db: DbOrTx, subscriptionId: number): Promise<void>;
}

export interface NoticesContext {
  db: DbOrTx;
  outbox: MailOutbox;
  links: templates.MailLinks;
}

const TRIAL_REMINDER_DAYS = 3;

const details = (row: repo.SubscriptionDetailsRow): templates.SubscriptionDetails => ({
  planName: row.planName,
  amountCents: row.amountCents,
  interval: row.interval,
  currentPeriodEnd: row.currentPeriodEnd,
  trialEnd: row.trialEnd,
});

type SubscriptionTemplate = (
  links: templates.MailLinks,
  to: string,
  name: string | null,
  sub: templates.SubscriptionDetails,
) => MailMessage;

export function createCommerceNotices(ctx: Pick<NoticesContext, 'outbox' | 'links'>): CommerceNotices {
  const toUser = async (db: DbOrTx, userId: number, make: (to: string, name: string | null) => MailMessage) => {
    const recipient = await repo.findRecipient(db, userId);
    // The name greets only a confirmed address (templates.greetingName).
    if (recipient) await ctx.outbox.send(db, make(recipient.email, templates.greetingName(recipient)));
  };
  const aboutSubscription = async (db: DbOrTx, subscriptionId: number, template: SubscriptionTemplate) => {
    const row = await repo.findSubscriptionDetails(db, subscriptionId);
    if (row) await toUser(db, row.userId, (to, name) => template(ctx.links, to, name, details(row)));
  };
  return {
    orderPaid: (db, userId, order) =>
      toUser(db, userId, (to, name) => templates.orderReceiptMessage(ctx.links, to, name, order)),
    cartPaid: (db, userId, cart) =>
      toUser(db, userId, (to, name) => templates.cartReceiptMessage(ctx.links, to, name, cart)),
    subscriptionStarted: (db, id) => aboutSubscription(db, id, templates.subscriptionStartedMessage),
    subscriptionRenewed: (db, id) => aboutSubscription(db, id, templates.subscriptionRenewedMessage),
    subscriptionCancelled: (db, id) => aboutSubscription(db, id, templates.subscriptionCancelledMessage),
  };
}

export interface TrialReminders {
  /** Queues the reminders due now (by the injected clock); returns how many trials were claimed. */
  runOnce(): Promise<number>;
}

/**
 * Mails each trial that ends within 3 days, once: the claim and the queued mail commit together.
 * Run by the hourly `trial-reminders` job (Queues.trialReminders); tests call runOnce.
 */
export function trialReminders(ctx: NoticesContext & { now?: () => number }): TrialReminders {
  const now = ctx.now ?? Date.now;
  return {
    runOnce: () =>
      ctx.db.transaction(async (tx) => {
        const ids = await claimTrialReminders(tx, new Date(now()), TRIAL_REMINDER_DAYS * 86_400_000);
        for (const id of ids) {
          const row = await repo.findSubscriptionDetails(tx, id);
          if (!row) continue;
          const recipient = await repo.findRecipient(tx, row.userId);
          if (!recipient) continue;
          await ctx.outbox.send(
            tx,
            templates.trialEndingMessage(ctx.links, recipient.email, templates.greetingName(recipient), details(row)),
          );
        }
        return ids.length;
      }),
  };
}
