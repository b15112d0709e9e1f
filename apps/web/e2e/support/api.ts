import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { Api, pathOf } from '@tarab/contracts';

/** The JSON of a successful answer; a failed one fails the test with its URL, status and body. */
export async function ok<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

/**
 * Uploads a WAV as an artist (the request context carries the artist's session) and waits until it
 * is processed; answers the new track's id.
 */
export async function uploadProcessed(
  request: APIRequestContext,
  metadata: { title: string; kind: 'music' | 'loop'; price: number; publish?: boolean },
  file: { name: string; buffer: Buffer },
  timeout = 120_000,
): Promise<number> {
  const upload = await ok<{ data: { id: number } }>(
    await request.post(pathOf(Api.ingest.upload), {
      multipart: {
        metadata: JSON.stringify(metadata),
        file: { name: file.name, mimeType: 'audio/wav', buffer: file.buffer },
      },
    }),
  );
  let trackId = 0;
  await expect
    .poll(
      async () => {
        const state = await ok<{ data: { status: string; track: { id: number } | null } }>(
          await request.get(pathOf(Api.ingest.uploadStatus, { id: upload.data.id })),
        );
        trackId = state.data.track?.id ?? 0;
        return state.data.status;
      },
      { timeout },
    )
    .toBe('processed');
  return trackId;
}
