import * as repo from './commerce.repo.js';
import type { CommerceContext } from './purchase.service.js';

/**
 * One subscription, one charge (issue #31 item 5). A second subscription a user ends up with at the
 * provider anyway (two tabs that both completed, a hosted checkout completed after a subscribe on our
 * form) is refunded (what its latest invoice charged) and cancelled at once, and recorded in
 * duplicate_subscriptions. An attempt that fails is recorded there (`attempts`, `last_error`) and
 * logged, never swallowed, and retried with back-off by `startDuplicateSubscriptionRetries` until the
 * provider confirms the cancel (`canceled_at`).
 */

/** The wait after the n-th failed attempt: 1 minute, doubling, at most 6 hours. */
export const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 6 * 3600_000;
const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));

const clockOf = (ctx: CommerceContext) => ctx.now ?? Date.now;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** One attempt at a claimed row: refund (once), then cancel. True once the provider confirmed both. */
async function attempt(ctx: CommerceContext, row: repo.DuplicateSubscriptionRow): Promise<boolean> {
  const now = clockOf(ctx);
  const fields = { duplicateSubscription: row.providerRef, userId: row.userId, attempts: row.attempts };
  try {
    if (!row.refundedAt) {
      await ctx.provider.refundLatestPayment(row.providerRef, `tarab-refund-duplicate-${row.providerRef}`);
      await repo.updateDuplicateSubscription(ctx.db, row.id, { refundedAt: new Date(now()) });
    }
    await ctx.provider.endSubscriptionNow(row.providerRef);
    await repo.updateDuplicateSubscription(ctx.db, row.id, { canceledAt: new Date(now()), lastError: null });
    ctx.log?.warn(fields, 'a duplicate subscription was refunded and cancelled');
    return true;
  } catch (error) {
    await repo.updateDuplicateSubscription(ctx.db, row.id, { lastError: messageOf(error) });
    ctx.log?.error(
      { ...fields, err: error, nextAttemptAt: row.nextAttemptAt.toISOString() },
      'refunding or cancelling a duplicate subscription failed; it is retried',
    );
    return false;
  }
}

const retryAtFrom = (now: number) => (attempts: number) => new Date(now + retryDelayMs(attempts));

/**
 * Records `ref` as the user's duplicate subscription and makes the first attempt now (a second call
 * for the same ref finds the row and leaves it to the retries when it is not due).
 */
export async function endDuplicateSubscription(ctx: CommerceContext, userId: number, ref: string): Promise<void> {
  const now = clockOf(ctx)();
  const row = await repo.recordDuplicateSubscription(ctx.db, {
    userId,
    providerRef: ref,
    nextAttemptAt: new Date(now),
  });
  const claimed = await repo.claimDuplicateSubscription(ctx.db, row.id, new Date(now), retryAtFrom(now));
  if (claimed) await attempt(ctx, claimed);
}

/** One pass over the due duplicates. Answers how many were attempted and how many are settled now. */
async function retryDuplicateSubscriptions(
  ctx: CommerceContext,
  limit = 50,
): Promise<{ attempted: number; settled: number }> {
  const now = clockOf(ctx)();
  let attempted = 0;
  let settled = 0;
  for (const id of await repo.findDueDuplicateSubscriptions(ctx.db, new Date(now), limit)) {
    const claimed = await repo.claimDuplicateSubscription(ctx.db, id, new Date(now), retryAtFrom(now));
    if (!claimed) continue;
    attempted++;
    if (await attempt(ctx, claimed)) settled++;
  }
  return { attempted, settled };
}

export interface DuplicateSubscriptionRetries {
  runOnce(): Promise<{ attempted: number; settled: number }>;
}

/** The due duplicates, retried by the `duplicate-subscriptions` job every minute; tests call runOnce. */
export const duplicateSubscriptionRetries = (ctx: CommerceContext): DuplicateSubscriptionRetries => ({
  runOnce: () => retryDuplicateSubscriptions(ctx),
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The retries of duplicate subscriptions (every minute; tests call runOnce with their clock). */
    duplicateSubscriptions: DuplicateSubscriptionRetries;
  }
}
