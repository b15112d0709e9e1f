import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { encodeWavPcm, sine } from '@tarab/audio/testing';
import { AdminMessages, IngestMessages, type ArtistTrackDto, type UploadDto } from '@tarab/contracts';
import { adminAuditLog } from '../../db/schema/index.js';
import type { MailMessage } from '../../mail/mailer.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';

/** Pre-publication review (MODERATION=on, issue 22 part 6, decision 041) and publishing as before when it is off. */
type Res = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function setUp(moderation: boolean) {
  const t = await buildTestApp({ moderation });
  const adminRow = await makeUser(t.database, { type: 'admin', name: 'Reviewer', emailVerified: true });
  const artistUser = await makeUser(t.database, { type: 'artist', name: 'Samir' });
  const artist = await makeArtist(t.database, `Review Artist ${randomBytes(2).toString('hex')}`, artistUser.id);
  const admin = bearer(await makeSession(t.database, adminRow.id));
  const artistAuth = bearer(await makeSession(t.database, artistUser.id));
  const call = async (headers: Record<string, string>, method: string, url: string, payload?: object) => {
    const res = await t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() } as Res;
  };
  const draft = async (title: string) =>
    (await makeTrack(t.database, { artistId: artist.id, title, published: false })).id;
  const inCatalog = async (title: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/music?keyword=${encodeURIComponent(title)}` });
    return (res.json() as { data: { data: { title: string }[] } }).data.data.some((x) => x.title === title);
  };
  const ownTrack = async (id: number) =>
    ((await call(artistAuth, 'GET', '/api/artist/tracks')).body.data.tracks as ArtistTrackDto[]).find(
      (x) => x.id === id,
    )!;
  const auditOf = (id: number) =>
    t.database.db
      .select()
      .from(adminAuditLog)
      .where(sql`${adminAuditLog.targetType} = 'track' and ${adminAuditLog.targetId} = ${id}`)
      .orderBy(adminAuditLog.id);
  return { t, admin, artistAuth, artistUser, call, draft, inCatalog, ownTrack, auditOf };
}

describe('MODERATION=on: publish requests wait for an operator', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp(true);
  });
  afterAll(async () => {
    await s?.t.close();
  });

  it('a publish request does not publish: the track waits in the queue, the artist sees "waiting", withdrawing takes it out', async () => {
    const title = `Qanun Taqsim ${randomBytes(2).toString('hex')}`;
    const id = await s.draft(title);
    const asked = await s.call(s.artistAuth, 'POST', `/api/artist/tracks/${id}/publish`);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      message: IngestMessages.sentForReview,
      data: { published: false, review: { state: 'pending', note: null } },
    });
    expect(await s.inCatalog(title)).toBe(false);
    // Asking twice keeps one place in the queue.
    expect((await s.call(s.artistAuth, 'POST', `/api/artist/tracks/${id}/publish`)).status).toBe(200);
    const queue = await s.call(s.admin, 'GET', '/api/admin/review');
    expect(queue.status).toBe(200);
    const waiting = (queue.body.data as ArtistTrackDto[]).filter((x) => x.id === id);
    expect(waiting).toHaveLength(1);
    // The queue shows what the operator judges: metadata and analysis, preview and waveform.
    expect(waiting[0]).toMatchObject({ title, bpm: 100, cr_public_id: expect.stringMatching(/^\/media\//) });
    expect(waiting[0]!.waveform_data).toMatch(/^\/media\//);

    const withdrawn = await s.call(s.artistAuth, 'POST', `/api/artist/tracks/${id}/unpublish`);
    expect(withdrawn.body.data).toMatchObject({ published: false, review: null });
    expect(
      (await s.call(s.admin, 'GET', '/api/admin/review')).body.data.map((x: ArtistTrackDto) => x.id),
    ).not.toContain(id);
  });

  it('an upload sent with "publish" is processed into the queue, not the store', async () => {
    const title = `Uploaded for review ${randomBytes(2).toString('hex')}`;
    const body = multipartBody(
      { metadata: JSON.stringify({ title, kind: 'music', price: 3, publish: true }) },
      { field: 'file', filename: 'take.wav', bytes: encodeWavPcm(sine(220, 1.5, 44_100, 0.3, 2), 44_100, 'pcm16') },
    );
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/artist/tracks',
      headers: { ...s.artistAuth, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(202);
    const uploadId = (res.json() as { data: UploadDto }).data.id;
    let done: UploadDto | undefined;
    await vi.waitFor(
      async () => {
        done = (await s.call(s.artistAuth, 'GET', `/api/artist/uploads/${uploadId}`)).body.data as UploadDto;
        expect(done.status).toBe('processed');
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(done!.track).toMatchObject({ published: false, review: { state: 'pending' } });
    expect(await s.inCatalog(title)).toBe(false);
    const queued = (await s.call(s.admin, 'GET', '/api/admin/review')).body.data as ArtistTrackDto[];
    expect(queued.find((x) => x.id === done!.track!.id)).toMatchObject({
      loudness_lufs: expect.any(Number),
      duration_seconds: expect.closeTo(1.5, 1),
    });
  });

  it('approve publishes once (catalog, one audit entry) even under a double click', async () => {
    const title = `Approved Longa ${randomBytes(2).toString('hex')}`;
    const id = await s.draft(title);
    await s.call(s.artistAuth, 'POST', `/api/artist/tracks/${id}/publish`);
    const [a, b] = await Promise.all([
      s.call(s.admin, 'POST', `/api/admin/review/${id}/approve`),
      s.call(s.admin, 'POST', `/api/admin/review/${id}/approve`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.message, b.body.message].sort()).toEqual(
      [AdminMessages.alreadyApproved, AdminMessages.approved].sort(),
    );
    expect(a.body.data).toMatchObject({ published: true, review: null });
    expect(await s.inCatalog(title)).toBe(true);
    const entries = await s.auditOf(id);
    expect(entries.map((e) => e.action)).toEqual(['track.approve']);
    expect(entries[0]).toMatchObject({
      before: { published: false, review_state: 'pending' },
      after: { published: true, review_state: null },
    });
    expect((await s.ownTrack(id)).published).toBe(true);
    // Approving or rejecting a track that is not waiting: a clear 409 (a published one is "already approved").
    const other = await s.draft(`Never asked ${randomBytes(2).toString('hex')}`);
    expect(await s.call(s.admin, 'POST', `/api/admin/review/${other}/approve`)).toMatchObject({
      status: 409,
      body: { code: 'not_in_review', message: AdminMessages.notInReview },
    });
    expect(await s.call(s.admin, 'POST', `/api/admin/review/${other}/reject`, { reason: 'No.' })).toMatchObject({
      status: 409,
      body: { code: 'not_in_review', message: AdminMessages.notInReview },
    });
    expect((await s.call(s.admin, 'POST', '/api/admin/review/999999/approve')).status).toBe(404);
  });

  it('reject keeps it out, tells the artist why (mail + tracks list), once under a double click; asking again re-queues it', async () => {
    const title = `Rejected Sama'i ${randomBytes(2).toString('hex')}`;
    const id = await s.draft(title);
    await s.call(s.artistAuth, 'POST', `/api/artist/tracks/${id}/publish`);
    expect(await s.call(s.admin, 'POST', `/api/admin/review/${id}/reject`, { reason: '   ' })).toMatchObject({
      status: 422,
      body: { message: AdminMessages.rejectReasonRequired },
    });
    const sent: MailMessage[] = [];
    const spy = vi.spyOn(s.t.app.mailer, 'send').mockImplementation(async (msg) => {
      sent.push(msg);
    });
    try {
      const reason = 'The recording clips at 1:10; please send a cleaner master.';
      const [a, b] = await Promise.all([
        s.call(s.admin, 'POST', `/api/admin/review/${id}/reject`, { reason }),
        s.call(s.admin, 'POST', `/api/admin/review/${id}/reject`, { reason }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([a.body.message, b.body.message].sort()).toEqual(
        [AdminMessages.alreadyRejected, AdminMessages.reviewRejected].sort(),
      );
      // Both answers are in, so every notice was handed to the mailer: a wrong second one would be here.
      await vi.waitFor(() => expect(sent.length).toBe(1));
      expect(sent).toHaveLength(1);
      expect(sent[0]!.to).toBe(s.artistUser.email);
      expect(sent[0]!.subject).toContain(title);
      expect(sent[0]!.text).toContain('clips at 1:10');
      expect(await s.ownTrack(id)).toMatchObject({ published: false, review: { state: 'rejected', note: reason } });
      expect(await s.inCatalog(title)).toBe(false);
      const entries = await s.auditOf(id);
      expect(entries.map((e) => [e.action, e.reason])).toEqual([['track.reject', reason]]);
      // A rejected track cannot be approved without the artist asking again.
      expect((await s.call(s.admin, 'POST', `/api/admin/review/${id}/approve`)).status).toBe(409);
      const again = await s.call(s.artistAuth, 'POST', `/api/artist/tracks/${id}/publish`);
      expect(again.body.data.review).toMatchObject({ state: 'pending', note: null });
    } finally {
      spy.mockRestore();
    }
  });

  it('a takedown ends a review under way', async () => {
    const id = await s.draft(`Claimed ${randomBytes(2).toString('hex')}`);
    await s.call(s.artistAuth, 'POST', `/api/artist/tracks/${id}/publish`);
    expect((await s.call(s.admin, 'POST', `/api/admin/tracks/${id}/takedown`, { reason: 'copyright' })).status).toBe(
      200,
    );
    expect(await s.ownTrack(id)).toMatchObject({ review: null, takedown: { reason: 'copyright' } });
    expect((await s.call(s.admin, 'POST', `/api/admin/review/${id}/approve`)).status).toBe(409);
  });
});

describe('MODERATION=off (the default): publishing works as before', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp(false);
  });
  afterAll(async () => {
    await s?.t.close();
  });

  it('publish goes live at once and nothing is queued', async () => {
    const title = `Straight to the store ${randomBytes(2).toString('hex')}`;
    const id = await s.draft(title);
    const res = await s.call(s.artistAuth, 'POST', `/api/artist/tracks/${id}/publish`);
    expect(res.body).toMatchObject({ message: IngestMessages.published, data: { published: true, review: null } });
    expect(await s.inCatalog(title)).toBe(true);
    expect((await s.call(s.admin, 'GET', '/api/admin/review')).body.data).toEqual([]);
  });
});
