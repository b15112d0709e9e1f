import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ingestKeys } from './ingest-keys';

/** The computed waveform of a processed upload: the peaks JSON `{ data: number[] }` (500 values). */
async function getPeaks(url: string, signal?: AbortSignal): Promise<number[]> {
  const body = await api.getJsonAt(url, signal);
  const data: unknown[] = Array.isArray((body as { data?: unknown } | undefined)?.data)
    ? (body as { data: unknown[] }).data
    : [];
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
