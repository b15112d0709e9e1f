import { Api } from '@tarab/contracts';
import { UploadResponse, type TrackMetadataInput, type UploadDto } from '@tarab/contracts';
import { api, parseErrorResponse, parseNetworkError, UnexpectedAnswerError } from '@/lib/api-client';

const UPLOAD_URL = api.url(Api.ingest.upload);

type UploadProgress = { loaded: number; total: number };

export type UploadTrackInput = {
  metadata: TrackMetadataInput;
  file: File;
  /** Bytes sent so far (XMLHttpRequest's upload progress; fetch cannot report it). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

function readBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  const type = xhr.getResponseHeader('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

export const isAbortError = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/**
 * `POST /api/artist/tracks` (multipart: `metadata` JSON, then `file`) with XMLHttpRequest, so
 * the bytes sent can be reported. Resolves with the accepted upload (202); rejects with the
 * app's ApiError (422 field errors, 413 too large…), or an AbortError when `signal` aborts.
 */
export function uploadTrack({ metadata, file, onProgress, signal }: UploadTrackInput): Promise<UploadDto> {
  return new Promise<UploadDto>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    // The metadata first: the server reads the parts in order and can refuse it before the file.
    const form = new FormData();
    form.append('metadata', JSON.stringify(metadata));
    form.append('file', file, file.name);

    const onAbortSignal = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', UPLOAD_URL);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onload = () => {
      done();
      const body = readBody(xhr);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(parseErrorResponse(xhr.status, body));
        return;
      }
      const parsed = UploadResponse.safeParse(body);
      if (parsed.success) resolve(parsed.data.data);
      else reject(new UnexpectedAnswerError(xhr.status));
    };
    xhr.onerror = () => {
      done();
      reject(parseNetworkError(undefined));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(form);
  });
}
