import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminMessages, IngestMessages, LicenseVerificationResponse, Messages } from '@tarab/contracts';
import { selectRows } from '../../db/client.js';
import { adminAuditLog, users } from '../../db/schema/index.js';
import type { MailMessage } from '../../mail/mailer.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { hashPassword } from '../auth/password.js';
import { z } from 'zod';

const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };

describe('operator console API (/api/admin)', () => {
  let t: TestApp;
  let admin: { id: number; email: string; token: string };
  let n = 0;

  const call = async (token: string | null, method: string, url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() as any, headers: res.headers }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const asAdmin = (method: string, url: string, payload?: unknown) => call(admin.token, method, url, payload);
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
  const login = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/api_login', payload: { email, password: 'oud-and-qanun-42' } });

  /** checkout → pay on the local test page → success page: a paid order with its licence. */
  const buy = async (token: string, trackId: number) => {
    const checkout = await call(token, 'POST', '/api/stripe/checkout', { music_id: trackId });
    expect(checkout.status).toBe(200);
    const sessionId = checkout.body.session_id as string;
    expect((await call(token, 'POST', `/api/local-payments/checkout/${sessionId}/pay`, CARD)).status).toBe(200);
    const success = await call(token, 'GET', `/api/stripe/success?session_id=${sessionId}`);
    expect(success.status).toBe(200);
    return { orderId: success.body.data.order_id as number, licenseKey: success.body.data.license_key as string };
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
      const byEmail = await asAdmin('GET', `/api/admin/users?q=${encodeURIComponent(`LISTENER.${n}@`)}`);
      expect(byEmail.status).toBe(200);
      expect(byEmail.headers['cache-control']).toBe('private, no-store');
      expect(byEmail.body.data.map((u: { id: number }) => u.id)).toEqual([a.id]);
      const byId = await asAdmin('GET', `/api/admin/users?q=${a.id}`);
      expect(byId.body.data.map((u: { id: number }) => u.id)).toContain(a.id);
      // A LIKE wildcard typed in the box is a character, not "everything".
      expect((await asAdmin('GET', '/api/admin/users?q=%25%25')).body.data).toEqual([]);
    });

    it('disables an account: its sessions end at once, login is refused with a clear message; re-enable lets it in', async () => {
      const a = await listener();
      expect((await call(a.token, 'GET', '/api/me')).status).toBe(200);
      const disabled = await asAdmin('POST', `/api/admin/users/${a.id}/disable`);
      expect(disabled.status).toBe(200);
      expect(disabled.body.message).toBe(AdminMessages.userDisabled);
      expect(disabled.body.data.disabled_at).not.toBeNull();
      expect(await call(a.token, 'GET', '/api/me')).toMatchObject({
        status: 401,
        body: { code: 'unauthenticated', message: Messages.unauthenticated },
      });
      const [{ count }] = (await selectRows(
        t.database.db,
        z.object({ count: z.number() }),
        sql`select count(*)::int as count from sessions where user_id = ${a.id}`,
      )) as [{ count: number }];
      expect(count).toBe(0);
      const refused = await login(a.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'account_disabled', message: AdminMessages.accountDisabled });
      // The wrong password still answers the usual "invalid" (the disabled state is not an oracle).
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/api_login',
        payload: { email: a.email, password: 'not-the-password' },
      });
      expect(wrong.statusCode).toBe(401);

      // A second click changes nothing and writes no second entry.
      expect((await asAdmin('POST', `/api/admin/users/${a.id}/disable`)).status).toBe(200);
      const enabled = await asAdmin('POST', `/api/admin/users/${a.id}/enable`);
      expect(enabled.body).toMatchObject({ message: AdminMessages.userEnabled, data: { disabled_at: null } });
      expect((await login(a.email)).statusCode).toBe(200);

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
      expect((await call(a.token, 'GET', '/api/artist/uploads')).status).toBe(403);
      const changed = await asAdmin('POST', `/api/admin/users/${a.id}/role`, { type: 'artist' });
      expect(changed.body).toMatchObject({ message: AdminMessages.roleChanged, data: { type: 'artist' } });
      expect((await call(a.token, 'GET', '/api/me')).body.type).toBe('artist');
      expect((await auditOf('user', a.id)).map((e) => [e.action, e.before, e.after])).toEqual([
        [
          'user.role',
          { type: 'user', artist_id: null, disabled_at: null },
          { type: 'artist', artist_id: null, disabled_at: null },
        ],
      ]);
      for (const [url, payload] of [
        [`/api/admin/users/${admin.id}/disable`, undefined],
        [`/api/admin/users/${admin.id}/role`, { type: 'user' }],
      ] as const) {
        expect(await asAdmin('POST', url, payload)).toMatchObject({
          status: 403,
          body: { code: 'not_yourself', message: AdminMessages.notYourself },
        });
      }
      expect((await call(admin.token, 'GET', '/api/me')).body.type).toBe('admin');
      expect((await asAdmin('POST', '/api/admin/users/2147483000/disable')).status).toBe(404);
      expect((await asAdmin('POST', `/api/admin/users/${a.id}/role`, { type: 'owner' })).status).toBe(422);
    });

    it('links an account to an artist profile (a listener becomes an artist), refuses a profile linked elsewhere, unlinks', async () => {
      const a = await listener();
      const b = await listener();
      const free = await makeArtist(t.database, `Free Ensemble ${n}`);
      const taken = await makeArtist(t.database, `Taken Ensemble ${n}`, b.id);
      const linked = await asAdmin('POST', `/api/admin/users/${a.id}/artist`, { artist_id: free.id });
      expect(linked.body).toMatchObject({
        message: AdminMessages.artistLinked,
        data: { type: 'artist', artist: { id: free.id, name: free.name } },
      });
      expect((await call(a.token, 'GET', '/api/artist/tracks')).status).toBe(200);
      expect(await asAdmin('POST', `/api/admin/users/${a.id}/artist`, { artist_id: taken.id })).toMatchObject({
        status: 409,
        body: { code: 'artist_linked_elsewhere', message: AdminMessages.artistLinkedElsewhere },
      });
      expect((await asAdmin('POST', `/api/admin/users/${a.id}/artist`, { artist_id: 2147483000 })).status).toBe(404);
      const unlinked = await asAdmin('POST', `/api/admin/users/${a.id}/artist`, { artist_id: null });
      expect(unlinked.body.data.artist).toBeNull();
      expect((await auditOf('user', a.id)).map((e) => e.action)).toEqual(['user.artist_link', 'user.artist_unlink']);
    });
  });

  describe('orders and refunds (local driver)', () => {
    it('finds orders, refunds a paid one once under parallel clicks, revokes its licence (verify says revoked)', async () => {
      const buyer = await listener();
      const artist = await makeArtist(t.database, `Refund Artist ${n}`);
      const track = await makeTrack(t.database, { artistId: artist.id, title: `Refundable Samai ${n}` });
      const { orderId, licenseKey } = await buy(buyer.token, track.id);

      const found = await asAdmin('GET', `/api/admin/orders?q=${encodeURIComponent(buyer.email)}`);
      expect(found.body.data).toEqual([
        expect.objectContaining({
          id: orderId,
          status: 'paid',
          buyer: expect.objectContaining({ id: buyer.id }),
          track: { id: track.id, title: track.title },
          license: { key: licenseKey, revoked_at: null },
        }),
      ]);
      expect((await asAdmin('GET', `/api/admin/orders?q=${orderId}`)).body.data[0].id).toBe(orderId);

      // A double click (and then some): every answer is 200, the order is refunded once, one entry.
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => asAdmin('POST', `/api/admin/orders/${orderId}/refund`)),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(answers.filter((a) => a.body.message === AdminMessages.refunded).length).toBeGreaterThanOrEqual(1);
      for (const a of answers) expect(a.body.data).toMatchObject({ status: 'refunded', license: { key: licenseKey } });
      const entries = await auditOf('order', orderId);
      expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
        [
          'order.refund',
          { status: 'paid', license_revoked_at: null },
          { status: 'refunded', license_revoked_at: expect.any(String) },
        ],
      ]);
      const again = await asAdmin('POST', `/api/admin/orders/${orderId}/refund`);
      expect(again.body.message).toBe(AdminMessages.alreadyRefunded);

      const verify = await t.app.inject({ method: 'GET', url: `/api/licenses/${licenseKey}/verify` });
      expect(LicenseVerificationResponse.parse(verify.json()).data.status).toBe('revoked');
      const [session] = await selectRows(
        t.database.db,
        z.object({ refunded: z.boolean() }),
        sql`select s.refunded_at is not null as refunded from local_payment_sessions s join orders o on o.provider_ref = s.id where o.id = ${orderId}`,
      );
      expect(session!.refunded).toBe(true);
      // The buyer's download list no longer offers it; buying again is possible.
      expect((await call(buyer.token, 'GET', `/api/user/downloads/${track.id}/zip`)).status).toBe(403);
    });

    it('refuses to refund an order that was never paid, and answers 404 for an unknown one', async () => {
      const buyer = await listener();
      const artist = await makeArtist(t.database, `Pending Artist ${n}`);
      const track = await makeTrack(t.database, { artistId: artist.id, title: 'Never paid' });
      await call(buyer.token, 'POST', '/api/stripe/checkout', { music_id: track.id });
      const pending = (await asAdmin('GET', `/api/admin/orders?q=${encodeURIComponent(buyer.email)}`)).body.data[0];
      expect(pending.status).toBe('pending');
      expect(await asAdmin('POST', `/api/admin/orders/${pending.id}/refund`)).toMatchObject({
        status: 409,
        body: { code: 'order_not_refundable', message: AdminMessages.orderNotRefundable },
      });
      expect((await asAdmin('POST', '/api/admin/orders/2147483000/refund')).status).toBe(404);
      expect(await auditOf('order', pending.id)).toEqual([]);
    });
  });

  describe('takedowns', () => {
    it('takes a track down: out of the store, buyers keep their licences, the artist is told why and cannot publish it', async () => {
      const artistUser = await listener();
      await asAdmin('POST', `/api/admin/users/${artistUser.id}/role`, { type: 'artist' });
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
        expect((await asAdmin('POST', `/api/admin/tracks/${track.id}/takedown`, { reason: 'other' })).status).toBe(422);
        const down = await asAdmin('POST', `/api/admin/tracks/${track.id}/takedown`, {
          reason: 'copyright',
          note: 'A claim from the composer’s publisher.',
        });
        expect(down.body).toMatchObject({
          message: AdminMessages.takenDown,
          data: { published: false, takedown: { reason: 'copyright', note: 'A claim from the composer’s publisher.' } },
        });
        // A second click: the same answer, no second entry or email.
        expect(
          (await asAdmin('POST', `/api/admin/tracks/${track.id}/takedown`, { reason: 'quality' })).body.data.takedown
            .reason,
        ).toBe('copyright');
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
      expect((await t.app.inject({ method: 'GET', url: `/api/music?per_page=100` })).body).not.toContain(track.title);
      const verify = await t.app.inject({ method: 'GET', url: `/api/licenses/${licenseKey}/verify` });
      expect(LicenseVerificationResponse.parse(verify.json()).data.status).toBe('valid');
      const downloads = (await call(buyer.token, 'GET', '/api/user/downloads')).body.data.data.data as Array<{
        id: number;
      }>;
      expect(downloads.map((d) => d.id)).toContain(track.id);

      const own = (await call(artistUser.token, 'GET', '/api/artist/tracks')).body.data.tracks as Array<{
        id: number;
        takedown: unknown;
      }>;
      expect(own.find((x) => x.id === track.id)!.takedown).toMatchObject({ reason: 'copyright' });
      expect(await call(artistUser.token, 'POST', `/api/artist/tracks/${track.id}/publish`)).toMatchObject({
        status: 409,
        body: { code: 'taken_down_cannot_publish', message: AdminMessages.takenDownCannotPublish },
      });

      const restored = await asAdmin('POST', `/api/admin/tracks/${track.id}/restore`);
      expect(restored.body).toMatchObject({
        message: AdminMessages.restored,
        data: { takedown: null, published: false },
      });
      expect(await call(artistUser.token, 'POST', `/api/artist/tracks/${track.id}/publish`)).toMatchObject({
        status: 200,
        body: { message: IngestMessages.published },
      });
      expect((await asAdmin('POST', `/api/admin/tracks/${track.id}/restore`)).status).toBe(409);
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
      const found = await asAdmin('GET', `/api/admin/tracks?q=${encodeURIComponent(artist.name)}`);
      expect(found.body.data).toEqual([
        expect.objectContaining({
          id: track.id,
          published: false,
          takedown: null,
          artist: { id: artist.id, name: artist.name },
        }),
      ]);
      expect((await asAdmin('POST', '/api/admin/tracks/2147483000/takedown', { reason: 'quality' })).status).toBe(404);
    });
  });

  describe('audit log and quotes', () => {
    it('lists the log newest first, and the database refuses to change or remove an entry', async () => {
      const a = await listener();
      await asAdmin('POST', `/api/admin/users/${a.id}/disable`);
      const log = await asAdmin('GET', '/api/admin/audit');
      expect(log.status).toBe(200);
      expect(log.body.data[0]).toMatchObject({
        actor: { id: admin.id, email: admin.email },
        action: 'user.disable',
        target_type: 'user',
        target_id: a.id,
      });
      const ids = (log.body.data as Array<{ id: number }>).map((e) => e.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      const older = await asAdmin('GET', `/api/admin/audit?before=${ids[0]}`);
      expect((older.body.data as Array<{ id: number }>).every((e) => e.id < ids[0]!)).toBe(true);

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
      await t.app.inject({
        method: 'POST',
        url: '/api/enterprise/quote',
        payload: {
          name: 'Hana',
          company: 'Cedar Films',
          email: 'hana@cedar.example',
          needs: 'Forty tracks for a series.',
        },
      });
      const quotes = await asAdmin('GET', '/api/admin/quotes');
      expect(quotes.body.data[0]).toMatchObject({ company: 'Cedar Films', email: 'hana@cedar.example' });
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
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.id}/role`,
        headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
        payload: '{"type": not json',
      });
      expect(res.statusCode).toBe(status);
    }
    expect((await call(user.token, 'GET', '/api/me')).body.type).toBe('user');
  });
});
