import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `POST /api/billing/setup-intent`: starts saving a card for a subscription. */
const createSetupIntent = () => api.call(Api.commerce.setupIntent);

/**
 * One setup intent per visit of the checkout page: a query (not a mutation) so StrictMode's
 * double effects share it; it is dropped when the page unmounts.
 */
const createSetupIntentQueryOptions = () =>
  queryOptions({
    queryKey: ['commerce', 'setup-intent'] as const,
    queryFn: createSetupIntent,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** `enabled: false` with the `stripe` driver, whose hosted page takes the card (no setup intent is made). */
export const useSetupIntent = (enabled = true) => useQuery({ ...createSetupIntentQueryOptions(), enabled });
