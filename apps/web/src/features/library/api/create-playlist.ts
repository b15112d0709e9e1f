import { Api } from '@tarab/contracts';
import type { PlaylistDto } from '@tarab/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commonMessages } from '@/lib/i18n/common-messages';
import type { IntlShape } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { toast } from '@/lib/toast';
import { api, isApiError } from '@/lib/api-client';
import { libraryKeys } from './query-keys';

/** `POST /api/playlists/add {name}` → `{ message, data }`. */
async function createPlaylist(name: string): Promise<PlaylistDto> {
  const body = await api.call(Api.library.createPlaylist, { body: { name } });
  return body.data;
}

/** Spec §8: the server's message, else `Failed to create playlist`. */
export function createPlaylistErrorMessage(intl: IntlShape, error: unknown): string {
  return isApiError(error) && error.status !== 0
    ? errorText(intl, error)
    : intl.formatMessage(commonMessages.failedToCreatePlaylist);
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
      toast.success(commonMessages.playlistCreated);
    },
  });
}
