import { useMutation } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { QuoteRequestBody } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `POST /api/enterprise/quote`: stored, and the licensing team is emailed. */
const requestQuote = (input: QuoteRequestBody) => api.call(Api.quotes.request, { body: input });

export const useRequestQuote = () => useMutation({ mutationFn: requestQuote });
