import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ingestKeys } from './ingest-keys';

/** The computed waveform of a processed upload: the peaks JSON `{ data: number[] }` (500 values). */
export async function getPeaks(url: string, signal?: AbortSignal): Promise<number[]> {
  const body = await api.get<{ data?: unknown }>(url, signal ? { signal } : undefined);
  const data = Array.isArray(body?.data) ? body.data : [];
  return data.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
}

export const usePeaks = (url: string | null | undefined) =>
  useQuery({
    queryKey: ingestKeys.peaks(url ?? ''),
    queryFn: ({ signal }) => getPeaks(url ?? '', signal),
    enabled: Boolean(url),
    // Content-addressed files: they never change.
    staleTime: Infinity,
  });
