import { useMutation } from '@tanstack/react-query';
import type { UserSubscriptionDto } from '@tarab/contracts';
import { api } from '@/lib/api-client';

export type CancelSubscriptionResult = {
  ok: boolean;
  message: string;
  data: { subscription: UserSubscriptionDto };
};

/** `POST /api/billing/cancel-subscription`: cancels at the end of the paid period. */
export const cancelSubscription = (): Promise<CancelSubscriptionResult> =>
  api.post<CancelSubscriptionResult>('/api/billing/cancel-subscription');

export const useCancelSubscription = () => useMutation({ mutationFn: cancelSubscription });
