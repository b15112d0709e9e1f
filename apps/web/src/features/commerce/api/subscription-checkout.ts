import { CommerceMessages, type SubscriptionTrial, type UserDto, type UserSubscriptionDto } from '@tarab/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** The `stripe` driver: the card is typed on Stripe's hosted Checkout page, not on ours. */
export type HostedCheckout = { checkout_url: string; session_id: string };

/** `POST /api/billing/subscription-checkout`: a hosted payment page for the plan price. */
export const startSubscriptionCheckout = (priceId: string): Promise<HostedCheckout> =>
  api.post<HostedCheckout>('/api/billing/subscription-checkout', { price_id: priceId });

export type ConfirmedSubscription = {
  message: string;
  user: UserDto;
  subscription: UserSubscriptionDto;
  data: { trial: SubscriptionTrial };
};

/** `POST /api/billing/subscription-checkout/confirm`: records the subscription of a completed page (once). */
export const confirmSubscriptionCheckout = (sessionId: string): Promise<ConfirmedSubscription> =>
  api.post<ConfirmedSubscription>('/api/billing/subscription-checkout/confirm', { session_id: sessionId });

/**
 * One confirmation per return from Stripe: a query keyed by the session, so StrictMode's double
 * effects and re-renders share it (the server answers a repeated confirmation the same way anyway).
 */
export const useConfirmSubscriptionCheckout = (sessionId: string) =>
  useQuery(
    queryOptions({
      queryKey: ['commerce', 'subscription-checkout', sessionId] as const,
      queryFn: () => confirmSubscriptionCheckout(sessionId),
      staleTime: Infinity,
      gcTime: 0,
      // "Being set up" while Stripe's webhook records it at the same moment: asked again shortly.
      retry: (failures, error) =>
        failures < 3 && isApiError(error) && error.message === CommerceMessages.subscriptionInProgress,
      retryDelay: 1_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
  );
