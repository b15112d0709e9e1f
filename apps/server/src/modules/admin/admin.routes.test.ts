import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminMessages, Api, IngestMessages, Messages, type RouteBodyInput } from '@tarab/contracts';
import { selectRows } from '../../db/client.js';
import { adminAuditLog, users } from '../../db/schema/index.js';
import type { MailMessage } from '../../mail/mailer.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { hashPassword } from '../auth/password.js';
import { z } from 'zod';

const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };

describe('operator console API (/api/admin)', () => {
  let t: TestApp;
  let admin: { id: number; email: string; token: string };
  let n = 0;

  const asAdmin = () => bearer(admin.token);
  const me = (token: string) => callRoute(t.app, Api.auth.me, { headers: bearer(token) });
  const disable = (id: number) => callRoute(t.app, Api.admin.disableUser, { params: { id }, headers: asAdmin() });
  const enable = (id: number) => callRoute(t.app, Api.admin.enableUser, { params: { id }, headers: asAdmin() });
  const setRole = (id: number, body: RouteBodyInput<typeof Api.admin.role>) =>
    callRoute(t.app, Api.admin.role, { params: { id }, body, headers: asAdmin() });
  const linkArtist = (id: number, artistId: number | null) =>
    callRoute(t.app, Api.admin.linkArtist, { params: { id }, body: { artist_id: artistId }, headers: asAdmin() });
  const findOrders = (q: string | number) => callRoute(t.app, Api.admin.orders, { query: { q }, headers: asAdmin() });
  const refund = (id: number) => callRoute(t.app, Api.admin.refund, { params: { id }, headers: asAdmin() });
  const takedown = (id: number, body: RouteBodyInput<typeof Api.admin.takedown>) =>
    callRoute(t.app, Api.admin.takedown, { params: { id }, body, headers: asAdmin() });
  const restore = (id: number) => callRoute(t.app, Api.admin.restore, { params: { id }, headers: asAdmin() });
  const verify = (key: string) => callRoute(t.app, Api.licenses.verify, { params: { key } });
  const publish = (token: string, id: number) =>
    callRoute(t.app, Api.ingest.publish, { params: { id }, headers: bearer(token) });
  const auditOf = (targetType: string, targetId: number) =>
    t.database.db
      .select()
      .from(adminAuditLog)
      .where(sql`${adminAuditLog.targetType} = ${targetType} and ${adminAuditLog.targetId} = ${targetId}`)
      .orderBy(adminAuditLog.id);

  /** A listener with a password (so login can be tried) and a live session. */
  const listener = async () => {
    const email = `listener.${++n}@example.com`;
    const [row] = await t.database.db
      .insert(users)
      .values({ name: `Listener ${n}`, email, passwordHash: await hashPassword('oud-and-qanun-42'), type: 'user' })
      .returning();
    return { id: row!.id, email, token: await makeSession(t.database, row!.id) };
  };
  const login = (email: string, password = 'oud-and-qanun-42') =>
    callRoute(t.app, Api.auth.login, { body: { email, password } });

  /** checkout → pay on the local test page → success page: a paid order with its licence. */
  const buy = async (token: string, trackId: number) => {
    const headers = bearer(token);
    const checkout = await callRoute(t.app, Api.commerce.checkout, { body: { music_id: trackId }, headers });
    expect(checkout.status).toBe(200);
    const sessionId = checkout.json.session_id;
    const paid = await callRoute(t.app, Api.localPayments.pay, { params: { id: sessionId }, body: CARD, headers });
    expect(paid.status).toBe(200);
    const success = await callRoute(t.app, Api.commerce.success, { query: { session_id: sessionId }, headers });
    expect(success.status).toBe(200);
    const { order_id: orderId, license_key: licenseKey } = success.json.data;
    expect(licenseKey).toEqual(expect.any(String));
    return { orderId, licenseKey: licenseKey! };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const row = await makeUser(t.database, { type: 'admin', name: 'Operator', emailVerified: true });
    admin = { id: row.id, email: row.email, token: await makeSession(t.database, row.id) };
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('users', () => {
    it('finds accounts by part of the email or name, and by id', async () => {
      const a = await listener();
      const findUsers = (q: string | number) => callRoute(t.app, Api.admin.users, { query: { q }, headers: asAdmin() });
      const byEmail = await findUsers(`LISTENER.${n}@`);
      expect(byEmail.status).toBe(200);
      expect(byEmail.headers['cache-control']).toBe('private, no-store');
      expect(byEmail.json.data.map((u) => u.id)).toEqual([a.id]);
      const byId = await findUsers(a.id);
      expect(byId.json.data.map((u) => u.id)).toContain(a.id);
      // A LIKE wildcard typed in the box is a character, not "everything".
      expect((await findUsers('%%')).json.data).toEqual([]);
    });

    it('disables an account: its sessions end at once, login is refused with a clear message; re-enable lets it in', async () => {
      const a = await listener();
      expect((await me(a.token)).status).toBe(200);
      const disabled = await disable(a.id);
      expect(disabled.status).toBe(200);
      expect(disabled.json.message).toBe(AdminMessages.userDisabled);
      expect(disabled.json.data.disabled_at).not.toBeNull();
      const ended = await me(a.token);
      expect(ended.status).toBe(401);
      expect(ended.error).toMatchObject({ code: 'unauthenticated', message: Messages.unauthenticated });
      const [{ count }] = (await selectRows(
        t.database.db,
        z.object({ count: z.number() }),
        sql`select count(*)::int as count from sessions where user_id = ${a.id}`,
      )) as [{ count: number }];
      expect(count).toBe(0);
      const refused = await login(a.email);
      expect(refused.status).toBe(403);
      expect(refused.error).toEqual({ code: 'account_disabled', message: AdminMessages.accountDisabled });
      // The wrong password still answers the usual "invalid" (the disabled state is not an oracle).
      const wrong = await login(a.email, 'not-the-password');
      expect(wrong.status).toBe(401);

      // A second click changes nothing and writes no second entry.
      expect((await disable(a.id)).status).toBe(200);
      const enabled = await enable(a.id);
      expect(enabled.json).toMatchObject({ message: AdminMessages.userEnabled, data: { disabled_at: null } });
      expect((await login(a.email)).status).toBe(200);

      const entries = await auditOf('user', a.id);
      expect(entries.map((e) => e.action)).toEqual(['user.disable', 'user.enable']);
      expect(entries[0]).toMatchObject({
        actorId: admin.id,
        actorEmail: admin.email,
        before: { type: 'user', disabled_at: null },
        after: { type: 'user', disabled_at: expect.any(String) },
      });
      expect(entries[1]!.createdAt.getTime()).toBeGreaterThanOrEqual(entries[0]!.createdAt.getTime());
    });

    it('changes a role (live sessions follow at once) and refuses the operator their own account', async () => {
      const a = await listener();
      expect((await callRoute(t.app, Api.ingest.uploads, { headers: bearer(a.token) })).status).toBe(403);
      const changed = await setRole(a.id, { type: 'artist' });
      expect(changed.json).toMatchObject({ message: AdminMessages.roleChanged, data: { type: 'artist' } });
      expect((await me(a.token)).json.type).toBe('artist');
      expect((await auditOf('user', a.id)).map((e) => [e.action, e.before, e.after])).toEqual([
        [
          'user.role',
          { type: 'user', artist_id: null, disabled_at: null },
          { type: 'artist', artist_id: null, disabled_at: null },
        ],
      ]);
      for (const [name, change] of [
        ['disable', () => disable(admin.id)],
        ['role', () => setRole(admin.id, { type: 'user' })],
      ] as const) {
        const res = await change();
        expect(res.status, name).toBe(403);
        expect(res.error, name).toMatchObject({ code: 'not_yourself', message: AdminMessages.notYourself });
      }
      expect((await me(admin.token)).json.type).toBe('admin');
      expect((await disable(2147483000)).status).toBe(404);
      // A role the route's type does not know: sent as it is.
      const unknownRole = await callRoute(t.app, Api.admin.role, {
        params: { id: a.id },
        payload: JSON.stringify({ type: 'owner' }),
        headers: { ...asAdmin(), 'content-type': 'application/json' },
      });
      expect(unknownRole.status).toBe(422);
    });

    it('links an account to an artist profile (a listener becomes an artist), refuses a profile linked elsewhere, unlinks', async () => {
      const a = await listener();
      const b = await listener();
      const free = await makeArtist(t.database, `Free Ensemble ${n}`);
      const taken = await makeArtist(t.database, `Taken Ensemble ${n}`, b.id);
      const linked = await linkArtist(a.id, free.id);
      expect(linked.json).toMatchObject({
        message: AdminMessages.artistLinked,
        data: { type: 'artist', artist: { id: free.id, name: free.name } },
      });
      expect((await callRoute(t.app, Api.ingest.tracks, { headers: bearer(a.token) })).status).toBe(200);
      const elsewhere = await linkArtist(a.id, taken.id);
      expect(elsewhere.status).toBe(409);
      expect(elsewhere.error).toMatchObject({
        code: 'artist_linked_elsewhere',
        message: AdminMessages.artistLinkedElsewhere,
      });
      expect((await linkArtist(a.id, 2147483000)).status).toBe(404);
      const unlinked = await linkArtist(a.id, null);
      expect(unlinked.json.data.artist).toBeNull();
      expect((await auditOf('user', a.id)).map((e) => e.action)).toEqual(['user.artist_link', 'user.artist_unlink']);
    });
  });

  describe('orders and refunds (local driver)', () => {
    it('finds orders, refunds a paid one once under parallel clicks, revokes its licence (verify says revoked)', async () => {
      const buyer = await listener();
      const artist = await makeArtist(t.database, `Refund Artist ${n}`);
      const track = await makeTrack(t.database, { artistId: artist.id, title: `Refundable Samai ${n}` });
      const { orderId, licenseKey } = await buy(buyer.token, track.id);

      const found = await findOrders(buyer.email);
      expect(found.json.data).toEqual([
        expect.objectContaining({
          id: orderId,
          status: 'paid',
          buyer: expect.objectContaining({ id: buyer.id }),
          track: { id: track.id, title: track.title },
          license: { key: licenseKey, revoked_at: null },
        }),
      ]);
      expect((await findOrders(orderId)).json.data[0]!.id).toBe(orderId);

      // A double click (and then some): every answer is 200, the order is refunded once, one entry.
      const answers = await Promise.all(Array.from({ length: 6 }, () => refund(orderId)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(answers.filter((a) => a.json.message === AdminMessages.refunded).length).toBeGreaterThanOrEqual(1);
      for (const a of answers) expect(a.json.data).toMatchObject({ status: 'refunded', license: { key: licenseKey } });
      const entries = await auditOf('order', orderId);
      expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
        [
          'order.refund',
          { status: 'paid', license_revoked_at: null },
          { status: 'refunded', license_revoked_at: expect.any(String) },
        ],
      ]);
      const again = await refund(orderId);
      expect(again.json.message).toBe(AdminMessages.alreadyRefunded);

      expect((await verify(licenseKey)).json.data.status).toBe('revoked');
      const [session] = await selectRows(
        t.database.db,
        z.object({ refunded: z.boolean() }),
        sql`select s.refunded_at is not null as refunded from local_payment_sessions s join orders o on o.provider_ref = s.id where o.id = ${orderId}`,
      );
      expect(session!.refunded).toBe(true);
      // The buyer's download list no longer offers it; buying again is possible.
      const zip = await callRoute(t.app, Api.downloads.zip, { params: { id: track.id }, headers: bearer(buyer.token) });
      expect(zip.status).toBe(403);
    });

    it('refuses to refund an order that was never paid, and answers 404 for an unknown one', async () => {
      const buyer = await listener();
      const artist = await makeArtist(t.database, `Pending Artist ${n}`);
      const track = await makeTrack(t.database, { artistId: artist.id, title: 'Never paid' });
      await callRoute(t.app, Api.commerce.checkout, { body: { music_id: track.id }, headers: bearer(buyer.token) });
      const pending = (await findOrders(buyer.email)).json.data[0]!;
      expect(pending.status).toBe('pending');
      const refused = await refund(pending.id);
      expect(refused.status).toBe(409);
      expect(refused.error).toMatchObject({
        code: 'order_not_refundable',
        message: AdminMessages.orderNotRefundable,
      });
      expect((await refund(2147483000)).status).toBe(404);
      expect(await auditOf('order', pending.id)).toEqual([]);
    });
  });

  describe('takedowns', () => {
    it('takes a track down: out of the store, buyers keep their licences, the artist is told why and cannot publish it', async () => {
      const artistUser = await listener();
      await setRole(artistUser.id, { type: 'artist' });
      const artist = await makeArtist(t.database, `Takedown Artist ${n}`, artistUser.id);
      const track = await makeTrack(t.database, { artistId: artist.id, title: `Borrowed Longa ${n}` });
      const buyer = await listener();
      const { licenseKey } = await buy(buyer.token, track.id);
      const sent: MailMessage[] = [];
      // Only takedown notices: the buyer's receipt (sent in the background after the purchase) may land here too.
      const spy = vi.spyOn(t.app.mailer, 'send').mockImplementation(async (msg) => {
        if (msg.subject.includes('was taken down')) sent.push(msg);
      });
      try {
        expect((await takedown(track.id, { reason: 'other' })).status).toBe(422);
        const down = await takedown(track.id, {
          reason: 'copyright',
          note: 'A claim from the composer’s publisher.',
        });
        expect(down.json).toMatchObject({
          message: AdminMessages.takenDown,
          data: { published: false, takedown: { reason: 'copyright', note: 'A claim from the composer’s publisher.' } },
        });
        // A second click: the same answer, no second entry or email.
        expect((await takedown(track.id, { reason: 'quality' })).json.data.takedown?.reason).toBe('copyright');
        // Both answers are in, so every notice was handed to the mailer: a wrong second one would be here.
        await vi.waitFor(() => expect(sent.length).toBe(1));
        expect(sent.length).toBe(1);
        expect(sent[0]!.to).toBe(artistUser.email);
        expect(sent[0]!.subject).toContain(track.title);
        expect(sent[0]!.text).toContain('Copyright claim');
        expect(sent[0]!.text).toContain('publisher');
      } finally {
        spy.mockRestore();
      }
      const store = await callRoute(t.app, Api.catalog.music, { query: { per_page: 100 } });
      expect(store.response.body).not.toContain(track.title);
      expect((await verify(licenseKey)).json.data.status).toBe('valid');
      const downloads = (await callRoute(t.app, Api.downloads.list, { headers: bearer(buyer.token) })).json.data.data
        .data;
      expect(downloads.map((d) => d.id)).toContain(track.id);

      const own = (await callRoute(t.app, Api.ingest.tracks, { headers: bearer(artistUser.token) })).json.data.tracks;
      expect(own.find((x) => x.id === track.id)!.takedown).toMatchObject({ reason: 'copyright' });
      const blocked = await publish(artistUser.token, track.id);
      expect(blocked.status).toBe(409);
      expect(blocked.error).toMatchObject({
        code: 'taken_down_cannot_publish',
        message: AdminMessages.takenDownCannotPublish,
      });

      const restored = await restore(track.id);
      expect(restored.json).toMatchObject({
        message: AdminMessages.restored,
        data: { takedown: null, published: false },
      });
      const published = await publish(artistUser.token, track.id);
      expect(published.status).toBe(200);
      expect(published.json).toMatchObject({ message: IngestMessages.published });
      expect((await restore(track.id)).status).toBe(409);
      const entries = await auditOf('track', track.id);
      expect(entries.map((e) => [e.action, e.before, e.after, e.reason])).toEqual([
        [
          'track.takedown',
          { published: true, review_state: null, takedown_reason: null, takedown_note: null },
          {
            published: false,
            review_state: null,
            takedown_reason: 'copyright',
            takedown_note: 'A claim from the composer’s publisher.',
          },
          'A claim from the composer’s publisher.',
        ],
        [
          'track.restore',
          {
            published: false,
            review_state: null,
            takedown_reason: 'copyright',
            takedown_note: 'A claim from the composer’s publisher.',
          },
          { published: false, review_state: null, takedown_reason: null, takedown_note: null },
          null,
        ],
      ]);
    });

    it('finds unpublished tracks too, by title or artist', async () => {
      const artist = await makeArtist(t.database, `Hidden Ensemble ${++n}`);
      const track = await makeTrack(t.database, { artistId: artist.id, title: `Hidden Bashraf ${n}` });
      await t.database.db.execute(sql`update tracks set published = false where id = ${track.id}`);
      const found = await callRoute(t.app, Api.admin.tracks, { query: { q: artist.name }, headers: asAdmin() });
      expect(found.json.data).toEqual([
        expect.objectContaining({
          id: track.id,
          published: false,
          takedown: null,
          artist: { id: artist.id, name: artist.name },
        }),
      ]);
      expect((await takedown(2147483000, { reason: 'quality' })).status).toBe(404);
    });
  });

  describe('audit log and quotes', () => {
    it('lists the log newest first, and the database refuses to change or remove an entry', async () => {
      const a = await listener();
      await disable(a.id);
      const log = await callRoute(t.app, Api.admin.audit, { headers: asAdmin() });
      expect(log.status).toBe(200);
      expect(log.json.data[0]).toMatchObject({
        actor: { id: admin.id, email: admin.email },
        action: 'user.disable',
        target_type: 'user',
        target_id: a.id,
      });
      const ids = log.json.data.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      const older = await callRoute(t.app, Api.admin.audit, { query: { before: ids[0] }, headers: asAdmin() });
      expect(older.json.data.every((e) => e.id < ids[0]!)).toBe(true);

      const id = ids[0]!;
      await expect(
        t.database.db.update(adminAuditLog).set({ action: 'nothing' }).where(eq(adminAuditLog.id, id)),
      ).rejects.toThrow();
      await expect(t.database.db.delete(adminAuditLog).where(eq(adminAuditLog.id, id))).rejects.toThrow();
      await expect(t.database.db.execute(sql`truncate admin_audit_log`)).rejects.toThrow();
      const [still] = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.id, id));
      expect(still!.action).toBe('user.disable');
    });

    it('lists Enterprise quote requests, newest first', async () => {
      await callRoute(t.app, Api.quotes.request, {
        body: {
          name: 'Hana',
          company: 'Cedar Films',
          email: 'hana@cedar.example',
          needs: 'Forty tracks for a series.',
        },
      });
      const quotes = await callRoute(t.app, Api.admin.quotes, { headers: asAdmin() });
      expect(quotes.json.data[0]).toMatchObject({ company: 'Cedar Films', email: 'hana@cedar.example' });
    });
  });

  it('refuses anonymous callers (401) and every other role (403) before reading the body', async () => {
    const user = await listener();
    const artist = await makeUser(t.database, { type: 'artist' });
    const artistToken = await makeSession(t.database, artist.id);
    for (const [token, status] of [
      [null, 401],
      [user.token, 403],
      [artistToken, 403],
    ] as const) {
      const res = await callRoute(t.app, Api.admin.role, {
        params: { id: user.id },
        headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
        payload: '{"type": not json',
      });
      expect(res.status).toBe(status);
    }
    expect((await me(user.token)).json.type).toBe('user');
  });
});
