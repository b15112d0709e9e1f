import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type LocalCheckout = {
  id: string;
  status: string;
  /** Dollars. */
  amount: number;
  currency: string;
  title: string;
  music_id: number;
};

/** `GET /api/local-payments/checkout/:id`: the test-mode checkout session (track and amount). */
export const getLocalCheckout = async (sessionId: string, signal?: AbortSignal): Promise<LocalCheckout> => {
  const body = await api.get<{ data: LocalCheckout }>(
    `/api/local-payments/checkout/${encodeURIComponent(sessionId)}`,
    signal ? { signal } : undefined,
  );
  return body.data;
};

export const getLocalCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['commerce', 'local-checkout', sessionId] as const,
    queryFn: ({ signal }) => getLocalCheckout(sessionId, signal),
    staleTime: 0,
  });

export const useLocalCheckout = (sessionId: string) => useQuery(getLocalCheckoutQueryOptions(sessionId));
