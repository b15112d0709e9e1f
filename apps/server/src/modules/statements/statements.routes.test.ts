import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, timestampText } from '../../db/client.js';
import { Api, PayoutRuleText, StatementCsvColumns, type StatementDto } from '@tarab/contracts';
import { cartOrders, licenses, orders, planPrices, plans, subscriptions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';
import { currentMonth } from './statements.service.js';

/**
 * Monthly artist statements (issue 22 part 7, decision 041). The figures of a small, dated set of
 * sales, refunds and subscription downloads are checked against sums worked out by hand below.
 */
describe('artist statements', () => {
  let t: TestApp;
  let auth: {
    a: Record<string, string>;
    b: Record<string, string>;
    listener: Record<string, string>;
    admin: Record<string, string>;
  };
  let artistA: { id: number; name: string };
  let artistB: { id: number; name: string };
  let n = 0;

  const adminStatements = (month?: string) =>
    callRoute(t.app, Api.admin.statements, { query: { month }, headers: auth.admin });
  const mine = (headers: Record<string, string>) => callRoute(t.app, Api.statements.mine, { headers });
  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const userA = await makeUser(t.database, { type: 'artist' });
    const userB = await makeUser(t.database, { type: 'artist' });
    const listener = await makeUser(t.database);
    const adminUser = await makeUser(t.database, { type: 'admin' });
    // A name a spreadsheet would run as a formula, with a comma and quotes: the CSV must keep it text.
    artistA = await makeArtist(t.database, '=Sum, "Trio"', userA.id);
    artistB = await makeArtist(t.database, 'Layla Strings', userB.id);
    await makeArtist(t.database, 'Quiet Artist'); // no activity: no statement
    auth = {
      a: bearer(await makeSession(t.database, userA.id)),
      b: bearer(await makeSession(t.database, userB.id)),
      listener: bearer(await makeSession(t.database, listener.id)),
      admin: bearer(await makeSession(t.database, adminUser.id)),
    };
    const a1 = (await makeTrack(t.database, { artistId: artistA.id, title: 'A one' })).id;
    const a2 = (await makeTrack(t.database, { artistId: artistA.id, title: 'A two' })).id;
    const b1 = (await makeTrack(t.database, { artistId: artistB.id, title: 'B one' })).id;
    const buyers = [await makeUser(t.database), await makeUser(t.database), await makeUser(t.database)].map(
      (u) => u.id,
    );

    const order = (
      userId: number,
      trackId: number,
      cents: number,
      paidAt: string,
      extra: Partial<typeof orders.$inferInsert> = {},
    ) =>
      db.insert(orders).values({
        userId,
        trackId,
        amountCents: cents,
        status: 'paid',
        provider: 'local',
        providerRef: `statement-${++n}`,
        createdAt: at(paidAt),
        paidAt: at(paidAt),
        ...extra,
      });
    // March 2026 — A: single sales $10.00 and $5.00 (the $5 one refunded on 2 April).
    await order(buyers[0]!, a1, 1000, '2026-03-05T10:00:00Z');
    await order(buyers[0]!, a2, 500, '2026-03-10T10:00:00Z', {
      status: 'refunded',
      refundedAt: at('2026-04-02T09:00:00Z'),
    });
    // March — a playlist cart: line items A one $4.00 and B one $6.00.
    const [cart] = await db
      .insert(cartOrders)
      .values({
        userId: buyers[1]!,
        playlistName: 'Evening',
        amountCents: 1000,
        status: 'paid',
        provider: 'local',
        providerRef: 'statement-cart',
        createdAt: at('2026-03-15T12:00:00Z'),
        paidAt: at('2026-03-15T12:00:00Z'),
      })
      .returning();
    await order(buyers[1]!, a1, 400, '2026-03-15T12:00:00Z', { cartOrderId: cart!.id });
    await order(buyers[1]!, b1, 600, '2026-03-15T12:00:00Z', { cartOrderId: cart!.id });
    // February — B: a $20.00 sale, refunded on 3 March (a March refund).
    await order(buyers[2]!, b1, 2000, '2026-02-20T10:00:00Z', {
      status: 'refunded',
      refundedAt: at('2026-03-03T10:00:00Z'),
    });
    // Not sales: a pending checkout and a refunded one that was never paid.
    await order(buyers[2]!, a1, 999, '2026-03-20T10:00:00Z', { status: 'pending', paidAt: null });
    await order(buyers[2]!, a2, 999, '2026-03-21T10:00:00Z', { status: 'refunded', paidAt: null });

    // Subscriptions: S1 monthly $15.00; S2 yearly $120.00 (=$10.00 a month) with a trial to 8 March; S3 on trial all March.
    const [plan] = await db.select().from(plans).limit(1);
    const [monthly] = await db
      .insert(planPrices)
      .values({ planId: plan!.id, code: 'statement-monthly', amountCents: 1500, interval: 'month' })
      .returning();
    const [yearly] = await db
      .insert(planPrices)
      .values({ planId: plan!.id, code: 'statement-yearly', amountCents: 12000, interval: 'year' })
      .returning();
    const subscriber = async (priceId: number, created: string, trialEnd: string | null) => {
      const user = await makeUser(t.database);
      await db.insert(subscriptions).values({
        userId: user.id,
        planPriceId: priceId,
        status: 'active',
        provider: 'local',
        providerRef: `statement-sub-${++n}`,
        currentPeriodEnd: at('2027-01-01T00:00:00Z'),
        trialEnd: trialEnd ? at(trialEnd) : null,
        createdAt: at(created),
      });
      return user.id;
    };
    const download = (userId: number, trackId: number, when: string) =>
      db.insert(licenses).values({
        userId,
        trackId,
        licenseKey: `statement-licence-${++n}`,
        source: 'subscription',
        createdAt: at(when),
      });
    const s1 = await subscriber(monthly!.id, '2026-01-01T00:00:00Z', null);
    const s2 = await subscriber(yearly!.id, '2026-03-01T00:00:00Z', '2026-03-08T00:00:00Z');
    const s3 = await subscriber(monthly!.id, '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z');
    await download(s1, a1, '2026-03-02T10:00:00Z');
    await download(s1, a2, '2026-03-12T10:00:00Z');
    await download(s1, b1, '2026-03-22T10:00:00Z');
    await download(s2, a1, '2026-03-05T10:00:00Z'); // during the trial
    await download(s2, b1, '2026-03-20T10:00:00Z'); // after it: S2 paid for March
    await download(s3, a2, '2026-03-10T10:00:00Z'); // only trial downloads: no fee this month
  });
  afterAll(async () => {
    await t?.close();
  });

  /*
   * Worked out by hand (70% of net sales; half of each paying subscriber's monthly fee, split by their downloads):
   * March, A: singles 2 = $15.00, playlist 1 = $4.00, gross $19.00, no refund → net $19.00, × 0.7 = $13.30.
   *   Pool: S1 $7.50 × 2/3 = $5.00; S2 $5.00 × 1/2 = $2.50; S3 $0 → $7.50. Downloads 4. Earnings $20.80.
   * March, B: playlist 1 = $6.00, refund 1 = $20.00 → net −$14.00, × 0.7 = −$9.80.
   *   Pool: S1 $7.50 × 1/3 = $2.50; S2 $2.50 → $5.00. Downloads 2. Earnings −$4.80.
   * April, A: refund $5.00 → net −$5.00 → −$3.50.   February, B: single $20.00 → $14.00.
   */
  const marchA = (id: number, name: string): StatementDto => ({
    month: '2026-03',
    artist: { id, name },
    single_sales: { count: 2, amount: 15 },
    playlist_sales: { count: 1, amount: 4 },
    gross_sales: 19,
    refunds: { count: 0, amount: 0 },
    net_sales: 19,
    sales_earnings: 13.3,
    subscription_downloads: 4,
    subscription_earnings: 7.5,
    earnings: 20.8,
    currency: 'usd',
  });

  it("gives the operator every artist's statement of a month, with the figures worked out by hand", async () => {
    const res = await adminStatements('2026-03');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json;
    expect(body.month).toBe('2026-03');
    expect(body.rule).toBe(PayoutRuleText);
    expect(body.data).toEqual([
      marchA(artistA.id, artistA.name),
      {
        month: '2026-03',
        artist: { id: artistB.id, name: 'Layla Strings' },
        single_sales: { count: 0, amount: 0 },
        playlist_sales: { count: 1, amount: 6 },
        gross_sales: 6,
        refunds: { count: 1, amount: 20 },
        net_sales: -14,
        sales_earnings: -9.8,
        subscription_downloads: 2,
        subscription_earnings: 5,
        earnings: -4.8,
        currency: 'usd',
      },
    ]);
    const april = (await adminStatements('2026-04')).json;
    expect(april.data).toEqual([
      expect.objectContaining({
        artist: { id: artistA.id, name: artistA.name },
        refunds: { count: 1, amount: 5 },
        net_sales: -5,
        earnings: -3.5,
      }),
    ]);
    expect((await adminStatements('2025-12')).json).toMatchObject({ data: [] });
    // The default month is the current one; a malformed month is refused in the one error shape.
    expect((await adminStatements()).json).toMatchObject({ month: currentMonth() });
    const bad = await adminStatements('2026-13');
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ message: 'Invalid request: month' });
  });

  it('exports the month as CSV (formula-looking names kept as text)', async () => {
    const res = await callRoute(t.app, Api.admin.statementsCsv, { query: { month: '2026-03' }, headers: auth.admin });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="tarab-statements-2026-03.csv"');
    expect(res.response.body.split('\r\n')).toEqual([
      StatementCsvColumns.join(','),
      `2026-03,${artistA.id},"'=Sum, ""Trio""",2,15.00,1,4.00,19.00,0,0.00,19.00,13.30,4,7.50,20.80,usd`,
      `2026-03,${artistB.id},Layla Strings,0,0.00,1,6.00,6.00,1,20.00,-14.00,-9.80,2,5.00,-4.80,usd`,
      '',
    ]);
  });

  it('gives an artist their own statements only, newest month first, as a page and CSV', async () => {
    const a = (await mine(auth.a)).json;
    expect(a.data.map((s) => [s.month, s.artist.id, s.earnings])).toEqual([
      ['2026-04', artistA.id, -3.5],
      ['2026-03', artistA.id, 20.8],
    ]);
    expect(a.data[1]).toEqual(marchA(artistA.id, artistA.name));
    const b = (await mine(auth.b)).json;
    expect(b.data.map((s) => [s.month, s.artist.id, s.earnings])).toEqual([
      ['2026-03', artistB.id, -4.8],
      ['2026-02', artistB.id, 14],
    ]);
    const csv = await callRoute(t.app, Api.statements.mineCsv, { headers: auth.b });
    expect(csv.status).toBe(200);
    expect(csv.response.body).not.toContain('Trio');
    expect(csv.response.body.split('\r\n')).toHaveLength(4);
    // A listener has no statements; nobody signed out does.
    expect((await mine(auth.listener)).status).toBe(403);
    expect((await callRoute(t.app, Api.statements.mineCsv)).status).toBe(401);
  });

  it('counts a refund made through the console in the month it happened', async () => {
    const track = (await makeTrack(t.database, { artistId: artistB.id, title: 'Refunded now', priceCents: 700 })).id;
    const buyer = await makeUser(t.database);
    const [row] = await t.database.db
      .insert(orders)
      .values({
        userId: buyer.id,
        trackId: track,
        amountCents: 700,
        status: 'paid',
        provider: 'local',
        providerRef: 'statement-live',
        paidAt: new Date(),
      })
      .returning();
    // The local driver needs its own session record to refund; the webhook path (refundOrder) is what stamps the time.
    const { refundOrder } = await import('../commerce/purchase.service.js');
    await refundOrder({ db: t.database.db } as never, row!.providerRef);
    const [stamped] = await selectRows(
      t.database.db,
      z.object({ refunded_at: timestampText.nullable() }),
      sql`select refunded_at from orders where id = ${row!.id}`,
    );
    expect(stamped!.refunded_at).not.toBeNull();
    const now = (await mine(auth.b)).json;
    expect(now.data[0]).toMatchObject({
      month: currentMonth(),
      single_sales: { count: 1, amount: 7 },
      refunds: { count: 1, amount: 7 },
      net_sales: 0,
      earnings: 0,
    });
  });
});
