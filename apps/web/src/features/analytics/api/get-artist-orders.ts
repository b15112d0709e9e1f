import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/**
 * `GET /api/artist-orders`: paid orders of the artist's own tracks (list at `data.data`) and
 * the sales summary. Non-artists get 403.
 */
const getArtistOrders = async (signal?: AbortSignal) => {
  const body = await api.call(Api.analytics.artistOrders, { signal });
  return body.data;
};

const getArtistOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['analytics', 'artist-orders'] as const,
    queryFn: ({ signal }) => getArtistOrders(signal),
    staleTime: 30 * 1000,
  });

export const useArtistOrders = () => useQuery(getArtistOrdersQueryOptions());
