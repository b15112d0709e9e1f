import { useMutation } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `POST /api/billing/cancel-subscription`: cancels at the end of the paid period. */
const cancelSubscription = () => api.call(Api.commerce.cancelSubscription);

export const useCancelSubscription = () => useMutation({ mutationFn: cancelSubscription });
