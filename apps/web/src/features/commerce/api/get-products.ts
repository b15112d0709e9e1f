import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/stripe/products`: the subscription plans with their prices (cents). */
const getProducts = (signal?: AbortSignal) => api.call(Api.commerce.products, { signal });

export const getProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['commerce', 'products'] as const,
    queryFn: ({ signal }) => getProducts(signal),
    staleTime: 10 * 60 * 1000,
  });

export const useProducts = () => useQuery(getProductsQueryOptions());

/** Starts the plans' query (the pricing page's route loader, app/router.tsx). */
export const prefetchProducts = (queryClient: QueryClient): void =>
  void queryClient.prefetchQuery(getProductsQueryOptions());
