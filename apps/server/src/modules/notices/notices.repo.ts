import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { planPrices, plans, subscriptions, users } from '../../db/schema/index.js';

/** The addressee of a notice: only a live (not deleted) account gets mail. */
export async function findRecipient(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

const subscriptionFields = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  planName: plans.name,
  amountCents: planPrices.amountCents,
  interval: planPrices.interval,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  trialEnd: subscriptions.trialEnd,
};

export async function findSubscriptionDetails(db: DbOrTx, subscriptionId: number) {
  const [row] = await db
    .select(subscriptionFields)
    .from(subscriptions)
    .innerJoin(planPrices, eq(planPrices.id, subscriptions.planPriceId))
    .innerJoin(plans, eq(plans.id, planPrices.planId))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  return row;
}
export type SubscriptionDetailsRow = NonNullable<Awaited<ReturnType<typeof findSubscriptionDetails>>>;
