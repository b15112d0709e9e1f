import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackKind } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import { downloadsQueryKey } from './get-downloads';

export type SubscriptionDownloadResult = {
  message: string;
  data: { track_id: number; license_key: string; download_url: string };
};

/**
 * `POST /api/user/download-from-subscription` (music) or `…/download-loop-from-subscription`
 * (loops): records the licence and answers a signed link to the zip. Body per spec §7: both
 * ids the same.
 */
export const downloadFromSubscription = (input: { id: number; kind: TrackKind }): Promise<SubscriptionDownloadResult> =>
  api.post<SubscriptionDownloadResult>(
    input.kind === 'loop' ? '/api/user/download-loop-from-subscription' : '/api/user/download-from-subscription',
    { music_id: input.id, loop_id: input.id },
  );

export function useDownloadFromSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadFromSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadsQueryKey }),
  });
}
