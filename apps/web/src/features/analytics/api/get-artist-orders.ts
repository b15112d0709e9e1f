import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtistOrderDto, ArtistSalesSummary } from '@tarab/contracts';
import { api } from '@/lib/api-client';

export type ArtistOrders = { data: ArtistOrderDto[]; summary: ArtistSalesSummary };

/**
 * `GET /api/artist-orders`: paid orders of the artist's own tracks (list at `data.data`) and
 * the sales summary. Non-artists get 403.
 */
export const getArtistOrders = async (signal?: AbortSignal): Promise<ArtistOrders> => {
  const body = await api.get<{ data: ArtistOrders }>('/api/artist-orders', signal ? { signal } : undefined);
  return body.data;
};

export const getArtistOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ['analytics', 'artist-orders'] as const,
    queryFn: ({ signal }) => getArtistOrders(signal),
    staleTime: 30 * 1000,
  });

export const useArtistOrders = () => useQuery(getArtistOrdersQueryOptions());
