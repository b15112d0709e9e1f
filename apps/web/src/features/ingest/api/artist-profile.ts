import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { ArtistProfileDto, ArtistProfilePatch } from '@tarab/contracts';
import { api } from '@/lib/api-client';

const artistProfileKey = ['artist-profile'] as const;

/** `GET /api/artist/profile`: the signed-in artist's public name and bio, in both languages (decision 061). */
async function getArtistProfile(): Promise<ArtistProfileDto> {
  return (await api.call(Api.ingest.profile)).data;
}

const artistProfileQuery = () => queryOptions({ queryKey: artistProfileKey, queryFn: getArtistProfile });

export function useArtistProfile() {
  return useQuery(artistProfileQuery());
}

/** `PATCH /api/artist/profile`: saves the fields given; the store's artist pages show them at once. */
async function updateArtistProfile(patch: ArtistProfilePatch): Promise<ArtistProfileDto> {
  return (await api.call(Api.ingest.editProfile, { body: patch })).data;
}

export function useUpdateArtistProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateArtistProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(artistProfileKey, profile);
      // The store's artist lists, artist page and track lists carry the names: fetched afresh when shown.
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
    },
  });
}
