import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminMessages, Api, type RouteQueryInput } from '@tarab/contracts';
import { orders, planPrices, plans, subscriptions, tracks, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';

/**
 * Issue #32: the console's tables sort, page and total over a date range; subscriptions are rows of
 * Orders; a declined payment leaves its order failed; artists are found by name to link an account.
 */
const PAYS = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const DECLINES = { card_number: '4000 0000 0000 0002', exp_month: 12, exp_year: 2034, cvc: '123' };

describe('operator console tables (issue #32)', () => {
  let t: TestApp;
  let adminToken: string;

  const listUsers = (query: RouteQueryInput<typeof Api.admin.users>) =>
    callRoute(t.app, Api.admin.users, { query, headers: bearer(adminToken) });
  const listOrders = (query: RouteQueryInput<typeof Api.admin.orders>) =>
    callRoute(t.app, Api.admin.orders, { query, headers: bearer(adminToken) });
  const listTracks = (query: RouteQueryInput<typeof Api.admin.tracks>) =>
    callRoute(t.app, Api.admin.tracks, { query, headers: bearer(adminToken) });
  const ids = (body: { data: readonly { id: number }[] }) => body.data.map((row) => row.id);

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeUser(t.database, { type: 'admin', name: 'Operator', emailVerified: true });
    adminToken = await makeSession(t.database, admin.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('users', () => {
    let made: { id: number; name: string }[];
    beforeAll(async () => {
      made = [];
      for (const [name, day] of [
        ['Zaynab Tabla', '2021-03-01'],
        ['Amal Tabla', '2021-03-02'],
        ['Maha Tabla', '2021-03-03'],
        ['Basma Tabla', '2021-04-10'],
      ] as const) {
        const row = await makeUser(t.database, {
          name,
          email: `${name.split(' ')[0]!.toLowerCase()}.tabla@example.com`,
        });
        await t.database.db
          .update(users)
          .set({ createdAt: new Date(`${day}T12:00:00Z`) })
          .where(eq(users.id, row.id));
        made.push({ id: row.id, name });
      }
    });

    it('sorts by any column in either direction', async () => {
      const asc = await listUsers({ q: 'tabla', sort: 'name', dir: 'asc' });
      expect(asc.status).toBe(200);
      expect(asc.json.data.map((u) => u.name)).toEqual(['Amal Tabla', 'Basma Tabla', 'Maha Tabla', 'Zaynab Tabla']);
      expect(asc.json.meta).toMatchObject({ sort: 'name', dir: 'asc', total: 4 });
      const desc = await listUsers({ q: 'tabla', sort: 'created_at', dir: 'desc' });
      expect(desc.json.data.map((u) => u.name)).toEqual(['Basma Tabla', 'Maha Tabla', 'Amal Tabla', 'Zaynab Tabla']);
    });

    it('pages: per_page rows from the page asked for, with the total and the last page', async () => {
      const first = await listUsers({ q: 'tabla', sort: 'name', dir: 'asc', per_page: '3' });
      const second = await listUsers({ q: 'tabla', sort: 'name', dir: 'asc', per_page: '3', page: '2' });
      expect(first.json.data).toHaveLength(3);
      expect(second.json.data.map((u) => u.name)).toEqual(['Zaynab Tabla']);
      expect(second.json.meta).toEqual({ page: 2, per_page: 3, total: 4, last_page: 2, sort: 'name', dir: 'asc' });
    });

    it('keeps to a date range, both days included', async () => {
      const march = await listUsers({
        q: 'tabla',
        from: '2021-03-02',
        to: '2021-03-03',
        sort: 'name',
        dir: 'asc',
      });
      expect(march.json.data.map((u) => u.name)).toEqual(['Amal Tabla', 'Maha Tabla']);
      expect(march.json.meta?.total).toBe(2);
    });

    it('refuses a reversed range, a malformed day, an unknown sort and too large a page (400 with the field, never 500)', async () => {
      const reversed = await listUsers({ from: '2021-03-05', to: '2021-03-01' });
      expect(reversed.status).toBe(400);
      expect(reversed.error.errors?.['to']).toEqual([AdminMessages.rangeReversed]);
      const badDay = await listUsers({ from: '2021-02-30' });
      expect(badDay.status).toBe(400);
      expect(badDay.error.errors?.['from']).toEqual([AdminMessages.badDay]);
      expect((await listUsers({ sort: 'password_hash' })).status).toBe(400);
      expect((await listOrders({ type: 'refund' })).status).toBe(400);
      expect((await listUsers({ per_page: '1000' })).status).toBe(400);
      expect((await listUsers({ page: '0' })).status).toBe(400);
    });

    it('answers the old search form as before (data, newest first) to a caller that asks nothing more', async () => {
      const res = await listUsers({ q: 'tabla' });
      expect(ids(res.json)).toEqual([...made].map((u) => u.id).sort((a, b) => b - a));
    });
  });

  describe('tracks', () => {
    it('sorts by title or artist, pages and keeps to an upload date range', async () => {
      const oud = await makeArtist(t.database, 'Qarib Oud');
      const ney = await makeArtist(t.database, 'Aziz Ney');
      const made = [
        await makeTrack(t.database, { artistId: oud.id, title: 'Qasida Dawn' }),
        await makeTrack(t.database, { artistId: ney.id, title: 'Qasida Night' }),
        await makeTrack(t.database, { artistId: oud.id, title: 'Qasida Bridge', published: false }),
      ];
      await t.database.db
        .update(tracks)
        .set({ createdAt: new Date('2022-06-01T08:00:00Z') })
        .where(inArray(tracks.id, [made[0]!.id, made[1]!.id]));
      await t.database.db
        .update(tracks)
        .set({ createdAt: new Date('2022-07-01T08:00:00Z') })
        .where(eq(tracks.id, made[2]!.id));

      const byTitle = await listTracks({ q: 'qasida', sort: 'title', dir: 'asc' });
      expect(byTitle.json.data.map((r) => r.title)).toEqual(['Qasida Bridge', 'Qasida Dawn', 'Qasida Night']);
      const byArtist = await listTracks({ q: 'qasida', sort: 'artist', dir: 'asc', per_page: '1' });
      expect(byArtist.json.data.map((r) => r.artist.name)).toEqual(['Aziz Ney']);
      expect(byArtist.json.meta).toMatchObject({ total: 3, last_page: 3 });
      const june = await listTracks({ q: 'qasida', from: '2022-06-01', to: '2022-06-30' });
      expect(june.json.meta?.total).toBe(2);
      expect(ids(june.json).sort()).toEqual([made[0]!.id, made[1]!.id].sort());
    });
  });

  describe('orders', () => {
    let buyer: { id: number; token: string };
    let priced: { id: number; title: string }[];

    const checkout = async (trackId: number) => {
      const res = await callRoute(t.app, Api.commerce.checkout, {
        body: { music_id: trackId },
        headers: bearer(buyer.token),
      });
      expect(res.status).toBe(200);
      return res.json.session_id;
    };
    const pay = (sessionId: string, card: typeof PAYS) =>
      callRoute(t.app, Api.localPayments.pay, { params: { id: sessionId }, body: card, headers: bearer(buyer.token) });
    const confirm = (sessionId: string) =>
      callRoute(t.app, Api.commerce.success, { query: { session_id: sessionId }, headers: bearer(buyer.token) });
    const buy = async (trackId: number) => {
      const sessionId = await checkout(trackId);
      expect((await pay(sessionId, PAYS)).status).toBe(200);
      expect((await confirm(sessionId)).status).toBe(200);
      return sessionId;
    };

    beforeAll(async () => {
      const u = await makeUser(t.database, { name: 'Rania Darbuka', email: 'rania.darbuka@example.com' });
      buyer = { id: u.id, token: await makeSession(t.database, u.id) };
      const artist = await makeArtist(t.database, 'Darbuka Ensemble');
      priced = [];
      for (const [title, cents] of [
        ['Darbuka Ten', 1000],
        ['Darbuka Three', 300],
        ['Darbuka Seven', 700],
      ] as const) {
        priced.push(await makeTrack(t.database, { artistId: artist.id, title, priceCents: cents }));
      }
    });

    it('marks a declined payment failed, and a card that pays afterwards still confirms it', async () => {
      const sessionId = await checkout(priced[2]!.id);
      const declined = await pay(sessionId, DECLINES);
      expect(declined.status).toBe(402);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.providerRef, sessionId));
      expect(row!.status).toBe('failed');
      const seen = await listOrders({ q: sessionId });
      expect(seen.json.data).toMatchObject([{ status: 'failed', type: 'track', session_id: sessionId }]);

      expect((await pay(sessionId, PAYS)).status).toBe(200);
      expect((await confirm(sessionId)).status).toBe(200);
      expect((await listOrders({ q: sessionId })).json.data).toMatchObject([{ status: 'paid' }]);
    });

    it('lists subscriptions as rows of Orders, filters by type, sorts by amount and totals a date range', async () => {
      await buy(priced[0]!.id);
      await buy(priced[1]!.id);
      const [price] = await t.database.db
        .select({ id: planPrices.id, cents: planPrices.amountCents, name: plans.name, interval: planPrices.interval })
        .from(planPrices)
        .innerJoin(plans, eq(plans.id, planPrices.planId))
        .limit(1);
      await t.database.db.insert(subscriptions).values({
        userId: buyer.id,
        planPriceId: price!.id,
        status: 'active',
        provider: 'local',
        providerRef: `sub_darbuka_${buyer.id}`,
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      });
      // Everything of this buyer happened on one day; one order is moved a year back.
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date('2023-05-05T10:00:00Z') })
        .where(eq(orders.userId, buyer.id));
      await t.database.db
        .update(subscriptions)
        .set({ createdAt: new Date('2023-05-05T11:00:00Z') })
        .where(eq(subscriptions.userId, buyer.id));
      const [old] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.trackId, priced[1]!.id));
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date('2022-05-05T10:00:00Z') })
        .where(eq(orders.id, old!.id));

      const all = await listOrders({ q: 'rania.darbuka', sort: 'amount', dir: 'desc' });
      expect(all.status).toBe(200);
      const rows = all.json.data;
      expect(rows.map((r) => r.type).sort()).toEqual(['subscription', 'track', 'track', 'track']);
      expect(rows.map((r) => r.amount)).toEqual([...rows.map((r) => r.amount)].sort((a, b) => b - a));
      const sub = rows.find((r) => r.type === 'subscription')!;
      expect(sub).toMatchObject({
        amount: price!.cents / 100,
        track: null,
        plan: { name: price!.name, interval: price!.interval },
      });

      const onlySubs = await listOrders({ q: 'rania.darbuka', type: 'subscription' });
      expect(onlySubs.json.data.map((r) => r.type)).toEqual(['subscription']);

      const day = await listOrders({ q: 'rania.darbuka', from: '2023-05-05', to: '2023-05-05' });
      expect(day.json.meta?.total).toBe(3);
      expect(day.json.totals).toEqual({
        count: 3,
        amounts: [
          {
            currency: 'usd',
            amount: (1000 + 700 + price!.cents) / 100,
            paid_count: 3,
            paid_amount: (1000 + 700 + price!.cents) / 100,
          },
        ],
      });
      const page = await listOrders({
        q: 'rania.darbuka',
        per_page: '2',
        page: '2',
        sort: 'created_at',
        dir: 'asc',
      });
      expect(page.json.data).toHaveLength(2);
      expect(page.json.meta).toMatchObject({ page: 2, total: 4, last_page: 2 });
      // The totals cover every page, not only the one shown.
      expect(page.json.totals?.count).toBe(4);
    });
  });

  describe('artists', () => {
    it('finds artist profiles by part of the name, with the account each is linked to', async () => {
      const owner = await makeUser(t.database, { type: 'artist', email: 'layali.owner@example.com' });
      const linked = await makeArtist(t.database, 'Layali Strings', owner.id);
      const free = await makeArtist(t.database, 'Layali Winds');
      const res = await callRoute(t.app, Api.admin.artists, { query: { q: 'LAYALI' }, headers: bearer(adminToken) });
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual([
        { id: linked.id, name: 'Layali Strings', user: { id: owner.id, email: 'layali.owner@example.com' } },
        { id: free.id, name: 'Layali Winds', user: null },
      ]);
      // Operators only.
      const ownerAuth = bearer(await makeSession(t.database, owner.id));
      expect((await callRoute(t.app, Api.admin.artists, { headers: ownerAuth })).status).toBe(403);
    });
  });
});

describe('site config: the header shop links (issue #32)', () => {
  it('answers null links when SHOP_* is unset, and the configured addresses when set', async () => {
    const unset = await buildTestApp();
    try {
      const res = await callRoute(unset.app, Api.config.site);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ shop_links: { custom_music: null, loops: null } });
    } finally {
      await unset.close();
    }
    const set = await buildTestApp({
      shopLinks: { customMusic: 'https://shop.example.com/custom', loops: 'https://shop.example.com/loops' },
    });
    try {
      const res = await callRoute(set.app, Api.config.site);
      expect(res.json).toEqual({
        shop_links: { custom_music: 'https://shop.example.com/custom', loops: 'https://shop.example.com/loops' },
      });
    } finally {
      await set.close();
    }
  });
});
