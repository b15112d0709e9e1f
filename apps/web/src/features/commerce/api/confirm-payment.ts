import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';

export type PaymentQuery = { session_id: string; music_id?: string; price?: string };

/** `GET /api/stripe/success`: confirms a paid checkout; creates the order and license once. */
const confirmPayment = (query: PaymentQuery, signal?: AbortSignal) => api.call(Api.commerce.success, { query, signal });

/**
 * Spec §4: the confirmation fires once per visit. The query key is the session, the answer
 * never goes stale and nothing refetches it, so remounts and React StrictMode's double
 * effects share the one request.
 */
const confirmPaymentQueryOptions = (query: PaymentQuery) =>
  queryOptions({
    queryKey: ['commerce', 'payment', query.session_id] as const,
    queryFn: () => confirmPayment(query),
    staleTime: Infinity,
    gcTime: 30 * 60 * 1000,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useConfirmPayment = (query: PaymentQuery | null) =>
  useQuery({
    ...confirmPaymentQueryOptions(query ?? { session_id: '' }),
    enabled: query !== null && query.session_id !== '',
  });
