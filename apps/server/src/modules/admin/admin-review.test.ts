import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { encodeWavPcm, sine } from '@tarab/audio/testing';
import { AdminMessages, Api, IngestMessages, type UploadDto } from '@tarab/contracts';
import { adminAuditLog } from '../../db/schema/index.js';
import type { MailMessage } from '../../mail/mailer.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';

/** Pre-publication review (MODERATION=on, issue 22 part 6, decision 041) and publishing as before when it is off. */
async function setUp(moderation: boolean) {
  const t = await buildTestApp({ moderation });
  const adminRow = await makeUser(t.database, { type: 'admin', name: 'Reviewer', emailVerified: true });
  const artistUser = await makeUser(t.database, { type: 'artist', name: 'Samir' });
  const artist = await makeArtist(t.database, `Review Artist ${randomBytes(2).toString('hex')}`, artistUser.id);
  const admin = bearer(await makeSession(t.database, adminRow.id));
  const artistAuth = bearer(await makeSession(t.database, artistUser.id));
  const publish = (id: number) => callRoute(t.app, Api.ingest.publish, { params: { id }, headers: artistAuth });
  const unpublish = (id: number) => callRoute(t.app, Api.ingest.unpublish, { params: { id }, headers: artistAuth });
  const queue = () => callRoute(t.app, Api.admin.reviewQueue, { headers: admin });
  const approve = (id: number) => callRoute(t.app, Api.admin.approve, { params: { id }, headers: admin });
  const reject = (id: number, reason: string) =>
    callRoute(t.app, Api.admin.reject, { params: { id }, body: { reason }, headers: admin });
  const draft = async (title: string) =>
    (await makeTrack(t.database, { artistId: artist.id, title, published: false })).id;
  const inCatalog = async (title: string) => {
    const res = await callRoute(t.app, Api.catalog.music, { query: { keyword: title } });
    return res.json.data.data.some((x) => x.title === title);
  };
  const ownTrack = async (id: number) =>
    (await callRoute(t.app, Api.ingest.tracks, { headers: artistAuth })).json.data.tracks.find((x) => x.id === id)!;
  const auditOf = (id: number) =>
    t.database.db
      .select()
      .from(adminAuditLog)
      .where(sql`${adminAuditLog.targetType} = 'track' and ${adminAuditLog.targetId} = ${id}`)
      .orderBy(adminAuditLog.id);
  return {
    t,
    admin,
    artistAuth,
    artistUser,
    publish,
    unpublish,
    queue,
    approve,
    reject,
    draft,
    inCatalog,
    ownTrack,
    auditOf,
  };
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
    const asked = await s.publish(id);
    expect(asked.status).toBe(200);
    expect(asked.json).toMatchObject({
      message: IngestMessages.sentForReview,
      data: { published: false, review: { state: 'pending', note: null } },
    });
    expect(await s.inCatalog(title)).toBe(false);
    // Asking twice keeps one place in the queue.
    expect((await s.publish(id)).status).toBe(200);
    const queue = await s.queue();
    expect(queue.status).toBe(200);
    const waiting = queue.json.data.filter((x) => x.id === id);
    expect(waiting).toHaveLength(1);
    // The queue shows what the operator judges: metadata and analysis, preview and waveform.
    expect(waiting[0]).toMatchObject({ title, bpm: 100, cr_public_id: expect.stringMatching(/^\/media\//) });
    expect(waiting[0]!.waveform_data).toMatch(/^\/media\//);

    const withdrawn = await s.unpublish(id);
    expect(withdrawn.json.data).toMatchObject({ published: false, review: null });
    expect((await s.queue()).json.data.map((x) => x.id)).not.toContain(id);
  });

  it('an upload sent with "publish" is processed into the queue, not the store', async () => {
    const title = `Uploaded for review ${randomBytes(2).toString('hex')}`;
    const body = multipartBody(
      { metadata: JSON.stringify({ title, kind: 'music', price: 3, publish: true }) },
      { field: 'file', filename: 'take.wav', bytes: encodeWavPcm(sine(220, 1.5, 44_100, 0.3, 2), 44_100, 'pcm16') },
    );
    const res = await callRoute(s.t.app, Api.ingest.upload, {
      headers: { ...s.artistAuth, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.status, res.response.body).toBe(202);
    const uploadId = res.json.data.id;
    let done: UploadDto | undefined;
    await vi.waitFor(
      async () => {
        const status = await callRoute(s.t.app, Api.ingest.uploadStatus, {
          params: { id: uploadId },
          headers: s.artistAuth,
        });
        done = status.json.data;
        expect(done.status).toBe('processed');
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(done!.track).toMatchObject({ published: false, review: { state: 'pending' } });
    expect(await s.inCatalog(title)).toBe(false);
    const queued = (await s.queue()).json.data;
    expect(queued.find((x) => x.id === done!.track!.id)).toMatchObject({
      loudness_lufs: expect.any(Number),
      duration_seconds: expect.closeTo(1.5, 1),
    });
  });

  it('approve publishes once (catalog, one audit entry) even under a double click', async () => {
    const title = `Approved Longa ${randomBytes(2).toString('hex')}`;
    const id = await s.draft(title);
    await s.publish(id);
    const [a, b] = await Promise.all([s.approve(id), s.approve(id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.message, b.json.message].sort()).toEqual(
      [AdminMessages.alreadyApproved, AdminMessages.approved].sort(),
    );
    expect(a.json.data).toMatchObject({ published: true, review: null });
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
    const approveOther = await s.approve(other);
    expect(approveOther.status).toBe(409);
    expect(approveOther.error).toMatchObject({ code: 'not_in_review', message: AdminMessages.notInReview });
    const rejectOther = await s.reject(other, 'No.');
    expect(rejectOther.status).toBe(409);
    expect(rejectOther.error).toMatchObject({ code: 'not_in_review', message: AdminMessages.notInReview });
    expect((await s.approve(999999)).status).toBe(404);
  });

  it('reject keeps it out, tells the artist why (mail + tracks list), once under a double click; asking again re-queues it', async () => {
    const title = `Rejected Sama'i ${randomBytes(2).toString('hex')}`;
    const id = await s.draft(title);
    await s.publish(id);
    const blank = await s.reject(id, '   ');
    expect(blank.status).toBe(422);
    expect(blank.error).toMatchObject({ message: AdminMessages.rejectReasonRequired });
    const sent: MailMessage[] = [];
    const spy = vi.spyOn(s.t.app.mailer, 'send').mockImplementation(async (msg) => {
      sent.push(msg);
    });
    try {
      const reason = 'The recording clips at 1:10; please send a cleaner master.';
      const [a, b] = await Promise.all([s.reject(id, reason), s.reject(id, reason)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([a.json.message, b.json.message].sort()).toEqual(
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
      expect((await s.approve(id)).status).toBe(409);
      const again = await s.publish(id);
      expect(again.json.data.review).toMatchObject({ state: 'pending', note: null });
    } finally {
      spy.mockRestore();
    }
  });

  it('a takedown ends a review under way', async () => {
    const id = await s.draft(`Claimed ${randomBytes(2).toString('hex')}`);
    await s.publish(id);
    const takedown = await callRoute(s.t.app, Api.admin.takedown, {
      params: { id },
      body: { reason: 'copyright' },
      headers: s.admin,
    });
    expect(takedown.status).toBe(200);
    expect(await s.ownTrack(id)).toMatchObject({ review: null, takedown: { reason: 'copyright' } });
    expect((await s.approve(id)).status).toBe(409);
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
    const res = await s.publish(id);
    expect(res.json).toMatchObject({ message: IngestMessages.published, data: { published: true, review: null } });
    expect(await s.inCatalog(title)).toBe(true);
    expect((await s.queue()).json.data).toEqual([]);
  });
});
