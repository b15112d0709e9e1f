/** What the profile shows of a user's subscription (spec §3 "User": subscriptions[]). */
export type SubscriptionSummary = {
  planName: string;
  status: string;
  /** ISO date of the end of the paid period. */
  periodEnd: string | null;
  /** True when the subscription stops at `periodEnd` instead of renewing. */
  cancelsAtPeriodEnd: boolean;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toSummary(value: unknown): SubscriptionSummary | null {
  if (!isRecord(value)) return null;
  const plan = isRecord(value.plan) ? value.plan : null;
  const planName = typeof plan?.name === 'string' ? plan.name : null;
  if (!planName) return null;
  return {
    planName,
    status: typeof value.status === 'string' ? value.status : '',
    periodEnd: typeof value.current_period_end === 'string' ? value.current_period_end : null,
    cancelsAtPeriodEnd: value.cancel_at_period_end === true,
  };
}

/** The user's first readable subscription, preferring an active or trialing one. */
export function readSubscriptionSummary(subscriptions: readonly unknown[] | undefined): SubscriptionSummary | null {
  const summaries = (subscriptions ?? []).map(toSummary).filter((s): s is SubscriptionSummary => s !== null);
  return summaries.find((s) => s.status === 'active' || s.status === 'trialing') ?? summaries[0] ?? null;
}
