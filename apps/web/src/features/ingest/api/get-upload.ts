import { queryOptions, useQuery } from '@tanstack/react-query';
import { Api } from '@tarab/contracts';
import type { UploadDto, UploadStatus } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import { ingestKeys } from './ingest-keys';

/** How often a processing upload is asked about. */
const UPLOAD_POLL_MS = 1000;
/** How often the list is asked about while some upload is still pending. */
const UPLOADS_POLL_MS = 3000;

export const isSettled = (status: UploadStatus): boolean => status === 'processed' || status === 'failed';

/** `GET /api/artist/uploads/{id}`: the processing state, the analysis and, once processed, the track. */
async function getUpload(id: number, signal?: AbortSignal): Promise<UploadDto> {
  const body = await api.call(Api.ingest.uploadStatus, { params: { id }, signal });
  return body.data;
}

/** One upload, asked about every second until it is processed or failed. */
const getUploadQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ingestKeys.upload(id),
    queryFn: ({ signal }) => getUpload(id, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isSettled(status) ? false : UPLOAD_POLL_MS;
    },
    staleTime: 0,
  });

export const useUpload = (id: number | null) => useQuery({ ...getUploadQueryOptions(id ?? 0), enabled: id !== null });

/** `GET /api/artist/uploads`: the artist's uploads, newest first. */
async function getUploads(signal?: AbortSignal): Promise<UploadDto[]> {
  const body = await api.call(Api.ingest.uploads, { signal });
  return body.data;
}

/** The uploads, asked about again every few seconds while one of them is still queued or processing. */
const getUploadsQueryOptions = () =>
  queryOptions({
    queryKey: ingestKeys.uploads,
    queryFn: ({ signal }) => getUploads(signal),
    refetchInterval: (query) =>
      query.state.data?.some((upload) => !isSettled(upload.status)) ? UPLOADS_POLL_MS : false,
    staleTime: 0,
  });

export const useUploads = () => useQuery(getUploadsQueryOptions());
