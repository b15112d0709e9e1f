import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArtistTrackDto } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import { replaceTrackInCaches } from './track-cache';

export type PublishInput = { trackId: number; publish: boolean };
export type PublishResult = { message?: string; data: ArtistTrackDto };

/** `POST /api/artist/tracks/{id}/publish` or `/unpublish`: puts the track in the store or takes it out. */
export function setTrackPublished({ trackId, publish }: PublishInput): Promise<PublishResult> {
  return api.post<PublishResult>(`/api/artist/tracks/${trackId}/${publish ? 'publish' : 'unpublish'}`);
}

export function useSetTrackPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTrackPublished,
    onSuccess: (result) => replaceTrackInCaches(queryClient, result.data),
  });
}
