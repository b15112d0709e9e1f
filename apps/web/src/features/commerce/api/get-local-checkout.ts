import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/local-payments/checkout/:id`: the test-mode checkout session (track and amount). */
const getLocalCheckout = async (sessionId: string, signal?: AbortSignal) => {
  const body = await api.call(Api.localPayments.checkout, { params: { id: sessionId }, signal });
  return body.data;
};

const getLocalCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['commerce', 'local-checkout', sessionId] as const,
    queryFn: ({ signal }) => getLocalCheckout(sessionId, signal),
    staleTime: 0,
  });

export const useLocalCheckout = (sessionId: string) => useQuery(getLocalCheckoutQueryOptions(sessionId));
