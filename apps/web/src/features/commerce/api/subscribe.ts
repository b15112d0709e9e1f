import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';

export type SubscribeInput = { price_id: string; payment_method: string };

/** `POST /api/billing/subscribe`: subscribes to a plan price with a saved payment method. */
export const subscribe = (input: SubscribeInput) => api.call(Api.commerce.subscribe, { body: input });
