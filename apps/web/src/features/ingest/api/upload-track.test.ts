import { Api, pathOf } from '@tarab/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { stubXhr } from '../testing/fake-xhr';
import { audioFile, makeUpload } from '../testing/fixtures';
import { uploadTrack } from './upload-track';

const metadata = { title: 'Hijaz Pulse', kind: 'loop' as const, price: 4.99 };

describe('uploadTrack', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts multipart metadata then file, reports progress and resolves with the upload', async () => {
    const Xhr = stubXhr();
    const onProgress = vi.fn();
    const file = audioFile();
    const done = uploadTrack({ metadata, file, onProgress });
    const xhr = Xhr.latest();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(pathOf(Api.ingest.upload));
    expect([...xhr.body!.keys()]).toEqual(['metadata', 'file']);
    expect(JSON.parse(String(xhr.body!.get('metadata')))).toEqual(metadata);
    expect((xhr.body!.get('file') as File).name).toBe('hijaz-pulse.wav');

    xhr.progress(512, 2048);
    expect(onProgress).toHaveBeenLastCalledWith({ loaded: 512, total: 2048 });
    xhr.respond(202, { data: makeUpload({ id: 9 }) });
    await expect(done).resolves.toMatchObject({ id: 9, status: 'queued' });
  });

  it("rejects with the server's message and field errors", async () => {
    const Xhr = stubXhr();
    const done = uploadTrack({ metadata, file: audioFile() });
    Xhr.latest().respond(422, {
      message: 'The selected genre is invalid.',
      errors: { genre: ['The selected genre is invalid.'] },
    });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, errors: { genre: ['The selected genre is invalid.'] } });
  });

  it('turns a dropped connection into Network error and a cancel into an AbortError', async () => {
    const Xhr = stubXhr();
    const failed = uploadTrack({ metadata, file: audioFile() });
    Xhr.latest().fail();
    await expect(failed).rejects.toMatchObject({ status: 0, message: 'Network error' });

    const controller = new AbortController();
    const cancelled = uploadTrack({ metadata, file: audioFile(), signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(Xhr.latest().aborted).toBe(true);
  });
});
