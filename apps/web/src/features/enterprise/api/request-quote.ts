import { useMutation } from '@tanstack/react-query';
import type { QuoteRequestBody } from '@tarab/contracts';
import { api } from '@/lib/api-client';

export type QuoteReceipt = { message: string; data: { id: number; created_at: string } };

/** `POST /api/enterprise/quote`: stored, and the licensing team is emailed. */
export const requestQuote = (input: QuoteRequestBody): Promise<QuoteReceipt> =>
  api.post<QuoteReceipt>('/api/enterprise/quote', input);

export const useRequestQuote = () => useMutation({ mutationFn: requestQuote });
