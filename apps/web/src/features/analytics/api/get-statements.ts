import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { AdminStatementsResponse } from '@tarab/contracts';
import { api } from '@/lib/api-client';

/** Monthly artist statements (issue 22 part 7): the artist's own, or every artist's of a month (operators). */
export const useArtistStatements = () =>
  useQuery({
    queryKey: ['analytics', 'statements'] as const,
    queryFn: ({ signal }) => api.call(Api.statements.mine, { signal }),
  });

export const ARTIST_STATEMENTS_CSV = api.url(Api.statements.mineCsv);
export const adminStatementsCsv = (month: string) => api.url(Api.admin.statementsCsv, { query: { month } });

export const useAdminStatements = (month: string) =>
  useQuery<AdminStatementsResponse>({
    queryKey: ['admin', 'statements', month] as const,
    queryFn: ({ signal }) => api.call(Api.admin.statements, { query: { month }, signal }),
    placeholderData: keepPreviousData,
  });
