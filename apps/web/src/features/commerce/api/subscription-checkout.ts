import { Api } from '@tarab/contracts';
import { CommerceMessages } from '@tarab/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** `POST /api/billing/subscription-checkout`: a hosted payment page for the plan price. */
export const startSubscriptionCheckout = (priceId: string) =>
  api.call(Api.commerce.subscriptionCheckout, { body: { price_id: priceId } });

/** `POST /api/billing/subscription-checkout/confirm`: records the subscription of a completed page (once). */
const confirmSubscriptionCheckout = (sessionId: string) =>
  api.call(Api.commerce.confirmSubscriptionCheckout, { body: { session_id: sessionId } });

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
