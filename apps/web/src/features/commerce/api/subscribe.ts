import type { SubscriptionTrial, UserSubscriptionDto } from '@tarab/contracts';
import { api } from '@/lib/api-client';

export type SubscribeInput = { price_id: string; payment_method: string };
/** `trial` says whether the free trial applied (once per account and once per card) and why not. */
export type SubscribeResult = {
  message: string;
  data: { subscription: UserSubscriptionDto; trial: SubscriptionTrial };
};

/** `POST /api/billing/subscribe`: subscribes to a plan price with a saved payment method. */
export const subscribe = (input: SubscribeInput): Promise<SubscribeResult> =>
  api.post<SubscribeResult>('/api/billing/subscribe', input);
