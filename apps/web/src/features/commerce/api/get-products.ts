import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDto } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `payment_provider`: `local` takes the card on our form, `stripe` on Stripe's hosted Checkout page. */
export type ProductsResult = { data: ProductDto[]; trial_days: number; payment_provider?: 'local' | 'stripe' };

/** `GET /api/stripe/products`: the subscription plans with their prices (cents). */
export const getProducts = (signal?: AbortSignal): Promise<ProductsResult> =>
  api.get<ProductsResult>('/api/stripe/products', signal ? { signal } : undefined);

export const getProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['commerce', 'products'] as const,
    queryFn: ({ signal }) => getProducts(signal),
    staleTime: 10 * 60 * 1000,
  });

export const useProducts = () => useQuery(getProductsQueryOptions());
