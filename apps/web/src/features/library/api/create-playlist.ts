import { Api } from '@tarab/contracts/api-refs';
import type { PlaylistDto } from '@tarab/contracts';
import { Messages } from '@tarab/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api, isApiError } from '@/lib/api-client';
import { libraryKeys } from './query-keys';

/** `POST /api/playlists/add {name}` → `{ message, data }`. */
export async function createPlaylist(name: string): Promise<PlaylistDto> {
  const body = await api.call(Api.library.createPlaylist, { body: { name } });
  return body.data;
}

/** Spec §8: the server's message, else `Failed to create playlist`. */
export function createPlaylistErrorMessage(error: unknown): string {
  return isApiError(error) && error.status !== 0 && error.message ? error.message : Messages.failedToCreatePlaylist;
}

/** Creates a playlist, appends it to the list (spec §4) and toasts. */
export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlaylist,
    onSuccess: (playlist) => {
      queryClient.setQueryData<PlaylistDto[]>(libraryKeys.playlists(), (list) =>
        list && !list.some((p) => p.id === playlist.id) ? [...list, playlist] : list,
      );
      void queryClient.invalidateQueries({ queryKey: libraryKeys.playlists(), exact: true });
      toast.success(Messages.playlistCreated);
    },
  });
}
