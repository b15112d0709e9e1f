import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { Suggestion, TrackKind } from '@tarab/contracts';
import { api } from '@/lib/api-client';

export type SuggestionsRequest = { text: string; kind?: TrackKind };

/** `GET /api/search/suggest?q=&type=`: maqamat, instruments, artists and titles starting with `text` (≤ 8). */
async function getSuggestions({ text, kind }: SuggestionsRequest, signal?: AbortSignal): Promise<Suggestion[]> {
  const body = await api.call(Api.catalog.suggest, { query: { q: text, type: kind }, signal });
  return body.data;
}

const suggestionsQueryOptions = (request: SuggestionsRequest) =>
  queryOptions({
    queryKey: ['catalog', 'suggest', request.kind ?? 'all', request.text],
    queryFn: ({ signal }) => getSuggestions(request, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useSuggestions = (request: SuggestionsRequest, { enabled }: { enabled: boolean }) =>
  useQuery({ ...suggestionsQueryOptions(request), enabled });
