import { Api } from '@tarab/contracts';
import type { PlaylistDto } from '@tarab/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { libraryAnswers } from '../lib/library-answers';
import { api } from '@/lib/api-client';
import { libraryKeys } from './query-keys';

/** `DELETE /api/playlists/:id` → `{ message }`. */
async function deletePlaylist(id: number) {
  return api.call(Api.library.deletePlaylist, { params: { id } });
}

/** Deletes a playlist and removes it from the list (spec §4). */
export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: (_body, id) => {
      queryClient.setQueryData<PlaylistDto[]>(libraryKeys.playlists(), (list) => list?.filter((p) => p.id !== id));
      queryClient.removeQueries({ queryKey: libraryKeys.playlist(id) });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.playlists(), exact: true });
      toast.success(libraryAnswers.playlistDeleted);
    },
    onError: (error) => {
      toast.error(error);
    },
  });
}
