import type { DbOrTx } from '../../db/client.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import * as templates from '../../mail/templates.js';
import { claimTrialReminders } from '../commerce/subscription.service.js';
import * as repo from './notices.repo.js';

/**
 * Receipts and notices by email (issue 17): a paid order, a subscription started, renewed or
 * cancelled, a trial ending in 3 days. Commerce calls these after its own writes; each one sends in
 * the background and never fails the caller (a lost email is logged, the order stands).
 */
export interface CommerceNotices {
  orderPaid(userId: number, order: templates.ReceiptDetails): void;
  /** One receipt for a whole playlist's checkout (every track and licence key in it). */
  cartPaid(userId: number, cart: templates.CartReceiptDetails): void;
  subscriptionStarted(subscriptionId: number): void;
  subscriptionRenewed(subscriptionId: number): void;
  subscriptionCancelled(subscriptionId: number): void;
}

export interface NoticesContext {
  db: DbOrTx;
  mailer: Mailer;
  links: templates.MailLinks;
  onError: (error: unknown) => void;
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

/** The notices the app sends, and a way to wait for the ones under way (tests, before counting mail). */
export interface SentNotices extends CommerceNotices {
  /** Resolves once every notice started so far was handed to the mailer and sent (or failed and logged). */
  settled(): Promise<void>;
}

export function createCommerceNotices(ctx: NoticesContext): SentNotices {
  const pending = new Set<Promise<void>>();
  const run = (work: () => Promise<void>) => {
    const sending = work().catch(ctx.onError);
    pending.add(sending);
    void sending.then(() => pending.delete(sending));
  };
  const toUser = async (userId: number, make: (to: string, name: string | null) => MailMessage) => {
    const recipient = await repo.findRecipient(ctx.db, userId);
    // The name greets only a confirmed address (templates.greetingName).
    if (recipient) await ctx.mailer.send(make(recipient.email, templates.greetingName(recipient)));
  };
  const aboutSubscription = (subscriptionId: number, template: SubscriptionTemplate) =>
    run(async () => {
      const row = await repo.findSubscriptionDetails(ctx.db, subscriptionId);
      if (row) await toUser(row.userId, (to, name) => template(ctx.links, to, name, details(row)));
    });
  return {
    settled: async () => {
      await Promise.all([...pending]);
    },
    orderPaid: (userId, order) =>
      run(() => toUser(userId, (to, name) => templates.orderReceiptMessage(ctx.links, to, name, order))),
    cartPaid: (userId, cart) =>
      run(() => toUser(userId, (to, name) => templates.cartReceiptMessage(ctx.links, to, name, cart))),
    subscriptionStarted: (id) => aboutSubscription(id, templates.subscriptionStartedMessage),
    subscriptionRenewed: (id) => aboutSubscription(id, templates.subscriptionRenewedMessage),
    subscriptionCancelled: (id) => aboutSubscription(id, templates.subscriptionCancelledMessage),
  };
}

export interface TrialReminders {
  /** Sends the reminders due now; returns how many were claimed. */
  runOnce(): Promise<number>;
  stop(): void;
}

/** Every `intervalMs` (an unref'd timer), mails each trial that ends within 3 days, once. */
export function startTrialReminders(
  ctx: NoticesContext,
  options: { now?: () => number; intervalMs: number },
): TrialReminders {
  const now = options.now ?? Date.now;
  const runOnce = async () => {
    const ids = await claimTrialReminders(ctx.db, new Date(now()), TRIAL_REMINDER_DAYS * 86_400_000);
    for (const id of ids) {
      const row = await repo.findSubscriptionDetails(ctx.db, id);
      if (!row) continue;
      const recipient = await repo.findRecipient(ctx.db, row.userId);
      if (!recipient) continue;
      await ctx.mailer
        .send(templates.trialEndingMessage(ctx.links, recipient.email, templates.greetingName(recipient), details(row)))
        .catch(ctx.onError);
    }
    return ids.length;
  };
  const timer = setInterval(() => void runOnce().catch(ctx.onError), options.intervalMs);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}

/** Notices that are queued until `flush()` (after a transaction commits). */
export function deferNotices(notices: CommerceNotices): { deferred: CommerceNotices; flush(): void } {
  const queue: Array<() => void> = [];
  return {
    deferred: {
      orderPaid: (userId, order) => queue.push(() => notices.orderPaid(userId, order)),
      cartPaid: (userId, cart) => queue.push(() => notices.cartPaid(userId, cart)),
      subscriptionStarted: (id) => queue.push(() => notices.subscriptionStarted(id)),
      subscriptionRenewed: (id) => queue.push(() => notices.subscriptionRenewed(id)),
      subscriptionCancelled: (id) => queue.push(() => notices.subscriptionCancelled(id)),
    },
    flush: () => queue.splice(0).forEach((send) => send()),
  };
}
