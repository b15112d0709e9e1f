import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { api, type ResultOf } from '@/lib/api-client';

export type DownloadsPage = ResultOf<typeof Api.downloads.list>['data']['data'];

/** Up to the server's maximum page: a user's licences, newest first. */
const DOWNLOADS_PER_PAGE = 100;

/** `GET /api/user/downloads`: the user's licensed downloads (list at `data.data.data`). */
const getDownloads = async (signal?: AbortSignal): Promise<DownloadsPage> => {
  const body = await api.call(Api.downloads.list, { query: { per_page: DOWNLOADS_PER_PAGE }, signal });
  return body.data.data;
};

export const downloadsQueryKey = ['commerce', 'downloads'] as const;

const getDownloadsQueryOptions = () =>
  queryOptions({
    queryKey: downloadsQueryKey,
    queryFn: ({ signal }) => getDownloads(signal),
    staleTime: 60 * 1000,
  });

export const useDownloads = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getDownloadsQueryOptions(), enabled: options.enabled ?? true });

const selectOwnedIds = (page: DownloadsPage): ReadonlySet<number> => new Set(page.data.map((d) => d.id));

/**
 * The ids of the tracks the user holds a licence for (spec §2: "A downloaded track shows a
 * Downloaded button"). One cached request serves every track row.
 */
export const useOwnedTrackIds = (enabled: boolean) =>
  useQuery({ ...getDownloadsQueryOptions(), enabled, select: selectOwnedIds });
