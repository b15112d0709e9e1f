import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWavPcm, sine } from '@tarab/audio/testing';
import { Api, IngestMessages } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeSession, makeUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { uploads } from '../../db/schema/index.js';

/**
 * Per-artist upload limits (issue 31): uploads per hour (429 with Retry-After) and a storage quota
 * over the artist's uploads that did not fail (413 naming it). No worker runs: uploads stay queued.
 */
let t: TestApp;
const wav = encodeWavPcm(sine(440, 1.5, 8_000, 0.4, 1), 8_000, 'pcm16'); // 24 KB
const QUOTA = 100 * 1024; // room for four such files

beforeAll(async () => {
  t = await buildTestApp({ ingest: { maxUploadBytes: 1024 * 1024, workers: 0, perHour: 3, quotaBytes: QUOTA } });
});
afterAll(() => t.close());

let artistId = 0;
async function artist(name: string) {
  const user = await makeUser(t.database, { type: 'artist' });
  artistId = (await makeArtist(t.database, name, user.id)).id;
  return bearer(await makeSession(t.database, user.id));
}

function upload(auth: Record<string, string>, bytes: Uint8Array = wav) {
  const body = multipartBody(
    { metadata: JSON.stringify({ title: 'Take', kind: 'music', price: 1 }) },
    { field: 'file', filename: 'take.wav', bytes },
  );
  return callRoute(t.app, Api.ingest.upload, {
    headers: { ...auth, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('per-artist upload limits', () => {
  it('takes UPLOADS_PER_HOUR uploads of an artist in an hour, then answers 429 with Retry-After; other artists go on', async () => {
    const auth = await artist('Hourly');
    for (let i = 0; i < 3; i++) expect((await upload(auth)).status).toBe(202);
    const refused = await upload(auth);
    expect(refused.status).toBe(429);
    expect(refused.error).toEqual({ code: 'upload_rate_limited', message: IngestMessages.uploadRateLimited });
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    expect((await upload(await artist('Someone else'))).status).toBe(202);
  });

  it('refuses an upload that would take the artist past the storage quota (413 naming it); failed uploads do not count', async () => {
    const auth = await artist('Quota');
    const big = encodeWavPcm(sine(440, 5, 8_000, 0.4, 1), 8_000, 'pcm16'); // 80 KB
    expect((await upload(auth, big)).status).toBe(202);
    const refused = await upload(auth); // 80 + 24 KB > 100 KB
    expect(refused.status).toBe(413);
    expect(refused.error).toEqual({
      code: 'upload_quota_exceeded',
      message: IngestMessages.uploadQuotaExceeded('0.1 MB'),
      params: { quota: '0.1 MB' },
    });
    // Once the stored upload failed (the worker deletes a failed upload's file), the space is free again.
    await t.database.db.update(uploads).set({ status: 'failed' }).where(eq(uploads.artistId, artistId));
    expect((await upload(auth)).status).toBe(202);
  });
});
