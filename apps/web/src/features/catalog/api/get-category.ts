import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { CategoryDto } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/category/:id` → `{ data }`: a category of /music by id (names in both languages, colour, image). */
async function getCategory(id: number, signal?: AbortSignal): Promise<CategoryDto> {
  const body = await api.call(Api.catalog.category, { params: { id }, signal });
  return body.data;
}

const getCategoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['catalog', 'category', id],
    queryFn: ({ signal }) => getCategory(id, signal),
    staleTime: 5 * 60 * 1000,
  });

/** The category of a `/music/details/{id}` page; off while the id is not a valid one. */
export const useCategory = (id: number | null) =>
  useQuery({ ...getCategoryQueryOptions(id ?? 0), enabled: id !== null, retry: false });
