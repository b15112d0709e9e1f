import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import { replaceTrackInCaches } from './track-cache';

type PublishInput = { trackId: number; publish: boolean };

/** `POST /api/artist/tracks/{id}/publish` or `/unpublish`: puts the track in the store or takes it out. */
function setTrackPublished({ trackId, publish }: PublishInput) {
  return api.call(publish ? Api.ingest.publish : Api.ingest.unpublish, { params: { id: trackId } });
}

export function useSetTrackPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTrackPublished,
    onSuccess: (result) => replaceTrackInCaches(queryClient, result.data),
  });
}
