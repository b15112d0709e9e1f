import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { TrackKind } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import { downloadsQueryKey } from './get-downloads';

/**
 * `POST /api/user/download-from-subscription` (music) or `…/download-loop-from-subscription`
 * (loops): records the licence and answers a signed link to the zip. Body per spec §7: both
 * ids the same.
 */
const downloadFromSubscription = (input: { id: number; kind: TrackKind }) =>
  api.call(input.kind === 'loop' ? Api.downloads.loopFromSubscription : Api.downloads.fromSubscription, {
    body: { music_id: input.id, loop_id: input.id },
  });

export function useDownloadFromSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadFromSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadsQueryKey }),
  });
}
