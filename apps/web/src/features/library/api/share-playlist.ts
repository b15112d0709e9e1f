import { Api } from '@tarab/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { libraryKeys } from './query-keys';

/** `POST /api/playlists/:id/share`: the unlisted, read-only link (the same until revoked). */
const sharePlaylist = (id: string) => api.call(Api.library.share, { params: { id } });

/** `DELETE /api/playlists/:id/share`: the old link opens nothing any more. */
const revokePlaylistShare = (id: string) => api.call(Api.library.unshare, { params: { id } });

/** Share or revoke, then the playlist (with its `share_path`) is read again. */
export function usePlaylistSharing(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: libraryKeys.playlist(id) });
  return {
    share: useMutation({ mutationFn: () => sharePlaylist(id), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: () => revokePlaylistShare(id), onSuccess: refresh }),
  };
}

/** `GET /api/shared/playlists/:token`: what anyone with the link sees; 404 once revoked. */
const getSharedPlaylist = (token: string, signal?: AbortSignal) =>
  api.call(Api.library.shared, { params: { token }, signal });

export const useSharedPlaylist = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: ['library', 'shared', token] as const,
      queryFn: ({ signal }) => getSharedPlaylist(token, signal),
      retry: false,
    }),
  );
