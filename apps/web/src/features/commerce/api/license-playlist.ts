import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { CartQuoteDto } from '@tarab/contracts';
import { api, type ResultOf } from '@/lib/api-client';

/** License a whole playlist in one checkout (decision 036). */

const cartQuoteQueryKey = (playlistId: string | number) => ['commerce', 'cart-quote', String(playlistId)] as const;

/** `GET /api/playlists/{id}/license-all`: what one checkout would license now, the total, and what is left out. */
const getCartQuote = async (playlistId: string | number, signal?: AbortSignal): Promise<CartQuoteDto> =>
  (await api.call(Api.cart.quote, { params: { id: String(playlistId) }, signal })).data;

export const useCartQuote = (playlistId: string | number) =>
  useQuery(
    queryOptions({
      queryKey: cartQuoteQueryKey(playlistId),
      queryFn: ({ signal }) => getCartQuote(playlistId, signal),
      staleTime: 0,
    }),
  );

/** `POST /api/playlists/{id}/license-all`: starts (or answers the open) checkout; the server charges catalog prices. */
const startCartCheckout = (
  playlistId: string | number,
  shareEmail = true,
): Promise<ResultOf<typeof Api.cart.checkout>> =>
  api.call(Api.cart.checkout, { params: { id: String(playlistId) }, body: { share_email: shareEmail } });

/** The mutation takes the buyer's email choice (the checkbox; decision 059). */
export const useStartCartCheckout = (playlistId: string | number) =>
  useMutation({ mutationFn: (shareEmail: boolean = true) => startCartCheckout(playlistId, shareEmail) });

/**
 * `GET /api/cart/success`: confirms the paid playlist checkout (once) and answers the order with a
 * licence per track. Fired once per visit, like the single-track success page.
 */
export const useConfirmCart = (sessionId: string) =>
  useQuery({
    queryKey: ['commerce', 'cart-payment', sessionId] as const,
    queryFn: () => api.call(Api.cart.success, { query: { session_id: sessionId } }),
    enabled: sessionId !== '',
    staleTime: Infinity,
    gcTime: 30 * 60 * 1000,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
