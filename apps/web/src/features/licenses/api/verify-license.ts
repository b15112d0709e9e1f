import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/licenses/{key}/verify`: public; 404 for a key that is not a licence. */
const verifyLicense = (key: string, signal?: AbortSignal) => api.call(Api.licenses.verify, { params: { key }, signal });

export const useVerifyLicense = (key: string) =>
  useQuery(
    queryOptions({
      queryKey: ['licenses', 'verify', key] as const,
      queryFn: ({ signal }) => verifyLicense(key, signal),
      retry: false,
    }),
  );
