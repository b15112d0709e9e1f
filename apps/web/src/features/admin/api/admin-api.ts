import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type {
  AdminArtistDto,
  AdminOrdersQuery,
  AdminTracksQuery,
  AdminUsersQuery,
  TakedownBody,
  UserType,
} from '@tarab/contracts';
import { api } from '@/lib/api-client';

/**
 * The operator console's calls (issue 22), all under /api/admin: the server refuses every one of
 * them to anyone but an admin, so these hooks guard nothing themselves.
 */
const adminKeys = {
  all: ['admin'] as const,
  users: (query: AdminUsersQuery) => ['admin', 'users', query] as const,
  orders: (query: AdminOrdersQuery) => ['admin', 'orders', query] as const,
  tracks: (query: AdminTracksQuery) => ['admin', 'tracks', query] as const,
  artists: (q: string) => ['admin', 'artists', q] as const,
  quotes: ['admin', 'quotes'] as const,
  review: ['admin', 'review'] as const,
  audit: ['admin', 'audit'] as const,
};

/** Only the parts that say something: an empty search or range is left out of the URL. */
const compact = <T extends Record<string, unknown>>(query: T): T =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as T;

/** A page of accounts, sorted and within a sign-up date range (issue #32). */
export const useAdminUsers = (query: AdminUsersQuery) =>
  useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => api.call(Api.admin.users, { query: compact(query), signal }),
    placeholderData: keepPreviousData,
  });

/** A page of orders and subscriptions, with the totals of the whole selection (issue #32). */
export const useAdminOrders = (query: AdminOrdersQuery) =>
  useQuery({
    queryKey: adminKeys.orders(query),
    queryFn: ({ signal }) => api.call(Api.admin.orders, { query: compact(query), signal }),
    placeholderData: keepPreviousData,
  });

/** A page of tracks (published or not), sorted and within an upload date range (issue #32). */
export const useAdminTracks = (query: AdminTracksQuery) =>
  useQuery({
    queryKey: adminKeys.tracks(query),
    queryFn: ({ signal }) => api.call(Api.admin.tracks, { query: compact(query), signal }),
    placeholderData: keepPreviousData,
  });

/** Artist profiles whose name holds `q` (the link picker). */
export const useAdminArtists = (q: string, enabled = true) =>
  useQuery<AdminArtistDto[]>({
    queryKey: adminKeys.artists(q),
    queryFn: ({ signal }) => api.call(Api.admin.artists, { query: q ? { q } : {}, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useReviewQueue = () =>
  useQuery({
    queryKey: adminKeys.review,
    queryFn: ({ signal }) => api.call(Api.admin.reviewQueue, { signal }).then((r) => r.data),
  });

export const useAdminQuotes = () =>
  useQuery({
    queryKey: adminKeys.quotes,
    queryFn: ({ signal }) => api.call(Api.admin.quotes, { signal }).then((r) => r.data),
  });

export const useAuditLog = () =>
  useQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ signal }) => api.call(Api.admin.audit, { query: {}, signal }),
  });

/** A console action: on success every console list is read again (the audit log too). */
function useAdminAction<Input, Result>(run: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export type UserAction = 'disable' | 'enable';
export const useUserAction = () =>
  useAdminAction(({ id, action }: { id: number; action: UserAction }) =>
    api.call(action === 'disable' ? Api.admin.disableUser : Api.admin.enableUser, { params: { id } }),
  );

export const useChangeRole = () =>
  useAdminAction(({ id, type }: { id: number; type: UserType }) =>
    api.call(Api.admin.role, { params: { id }, body: { type } }),
  );

export const useLinkArtist = () =>
  useAdminAction(({ id, artistId }: { id: number; artistId: number | null }) =>
    api.call(Api.admin.linkArtist, { params: { id }, body: { artist_id: artistId } }),
  );

export const useRefundOrder = () => useAdminAction((id: number) => api.call(Api.admin.refund, { params: { id } }));

export const useTakeDown = () =>
  useAdminAction(({ id, body }: { id: number; body: TakedownBody }) =>
    api.call(Api.admin.takedown, { params: { id }, body }),
  );

export const useApproveTrack = () => useAdminAction((id: number) => api.call(Api.admin.approve, { params: { id } }));

export const useRejectTrack = () =>
  useAdminAction(({ id, reason }: { id: number; reason: string }) =>
    api.call(Api.admin.reject, { params: { id }, body: { reason } }),
  );

export const useRestoreTrack = () => useAdminAction((id: number) => api.call(Api.admin.restore, { params: { id } }));
