import { dateFormat } from '@/lib/format';
import type { UserSubscriptionDto } from '@tarab/contracts';

/** The subscription fields the plan pages read (a subset of the contract's). */
export type CurrentSubscription = Pick<
  UserSubscriptionDto,
  | 'id'
  | 'status'
  | 'stripe_price'
  | 'plan'
  | 'unit_amount'
  | 'interval'
  | 'current_period_end'
  | 'cancel_at_period_end'
  | 'trial_end'
>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `user.subscriptions` (typed loosely by the auth feature) into what the pages need. */
export function readSubscriptions(value: readonly unknown[] | undefined): CurrentSubscription[] {
  if (!value) return [];
  return value.flatMap((item) => {
    if (!isRecord(item) || typeof item.stripe_price !== 'string') return [];
    const plan = isRecord(item.plan) ? item.plan : {};
    return [
      {
        id: typeof item.id === 'number' ? item.id : 0,
        status: typeof item.status === 'string' ? item.status : 'active',
        stripe_price: item.stripe_price,
        plan: {
          id: typeof plan.id === 'number' ? plan.id : 0,
          name: typeof plan.name === 'string' ? plan.name : '',
        },
        unit_amount: typeof item.unit_amount === 'number' ? item.unit_amount : 0,
        interval: typeof item.interval === 'string' ? item.interval : 'month',
        current_period_end: typeof item.current_period_end === 'string' ? item.current_period_end : '',
        cancel_at_period_end: item.cancel_at_period_end === true,
        trial_end: typeof item.trial_end === 'string' ? item.trial_end : null,
      },
    ];
  });
}

const dateFormatter = {
  format: (date: Date) => dateFormat({ year: 'numeric', month: 'long', day: 'numeric' }).format(date),
};

/** ISO date → `March 5, 2026` (empty for a missing or broken date). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter.format(date);
}
