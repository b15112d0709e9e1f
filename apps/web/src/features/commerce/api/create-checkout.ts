import { useMutation } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `share_email`: the buyer's choice whether the artist sees their email (left out: shared; decision 059). */
type CheckoutInput = { music_id: number; title: string; price?: number; share_email?: boolean };

/**
 * `POST /api/stripe/checkout`: starts buying one track. The server charges the catalogue
 * price (the price sent here is informative) and answers where the browser goes to pay.
 */
const createCheckout = (input: CheckoutInput) => api.call(Api.commerce.checkout, { body: input });

export const useCreateCheckout = () => useMutation({ mutationFn: createCheckout });
