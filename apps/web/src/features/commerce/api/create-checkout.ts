import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CheckoutInput = { music_id: number; title: string; price?: number };
export type CheckoutResult = { checkout_url: string; session_id: string };

/**
 * `POST /api/stripe/checkout`: starts buying one track. The server charges the catalogue
 * price (the price sent here is informative) and answers where the browser goes to pay.
 */
export const createCheckout = (input: CheckoutInput): Promise<CheckoutResult> =>
  api.post<CheckoutResult>('/api/stripe/checkout', input);

export const useCreateCheckout = () => useMutation({ mutationFn: createCheckout });
