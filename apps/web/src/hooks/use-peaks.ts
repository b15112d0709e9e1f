import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Fetches a track's precomputed waveform peaks (`{ data: number[] }`, about 500 values, ≤ 4 KB): the
 * player's, and the computed waveform of a processed upload.
 */
async function getPeaks(url: string, signal?: AbortSignal): Promise<number[]> {
  const body = await api.getJsonAt(url, signal);
  const data: unknown[] = Array.isArray((body as { data?: unknown } | undefined)?.data)
    ? (body as { data: unknown[] }).data
    : [];
  return data.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
}

const getPeaksQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['peaks', url],
    queryFn: ({ signal }) => getPeaks(url, signal),
    // Content-addressed files: they never change.
    staleTime: Infinity,
    gcTime: 30 * 60 * 1000,
    retry: 1,
  });

export const usePeaks = (url: string | null | undefined) =>
  useQuery({ ...getPeaksQueryOptions(url ?? ''), enabled: Boolean(url) });
