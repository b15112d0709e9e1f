import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { ArtistTrackDto, TrackMetadataPatch } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import { replaceTrackInCaches } from './track-cache';

type UpdateTrackInput = { trackId: number; patch: TrackMetadataPatch };

/** `PATCH /api/artist/tracks/{id}`: changes some of an own track's metadata (not its kind). */
async function updateTrack({ trackId, patch }: UpdateTrackInput): Promise<ArtistTrackDto> {
  const body = await api.call(Api.ingest.editTrack, { params: { id: trackId }, body: patch });
  return body.data;
}

export function useUpdateTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrack,
    onSuccess: (track) => replaceTrackInCaches(queryClient, track),
  });
}
