import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, Messages, pathOf, type ArtistOrderDto } from '@tarab/contracts';
import { orders } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeAlbum, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';

describe('artist sales API', () => {
  let t: TestApp;
  let artistX: Record<string, string>;
  let artistY: Record<string, string>;
  let listener: Record<string, string>;
  let admin: Record<string, string>;

  const artistOrders = (headers: Record<string, string> = {}) =>
    callRoute(t.app, Api.analytics.artistOrders, { headers });
  const receipt = (o: ArtistOrderDto, headers: Record<string, string>, lang?: 'en' | 'ar') =>
    callRoute(t.app, Api.analytics.receipt, { params: { id: o.order_id }, query: { lang }, headers });

  let albumId = 0;
  let buyerEmail = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database;
    const userX = await makeUser(db, { type: 'artist', name: 'Xena' });
    const userY = await makeUser(db, { type: 'artist', name: 'Yusuf' });
    buyerEmail = `buyer-${Date.now()}@example.com`;
    const buyer = await makeUser(db, { name: 'Buyer One', email: buyerEmail });
    const x = await makeArtist(db, 'X Ensemble', userX.id);
    const y = await makeArtist(db, 'Y Quartet', userY.id);
    const album = await makeAlbum(db, x.id, 'X Album');
    albumId = album.id;
    const tx1 = await makeTrack(db, { artistId: x.id, albumId: album.id, title: 'X One', priceCents: 499 });
    const tx2 = await makeTrack(db, { artistId: x.id, title: 'X Two', titleAr: 'إكس اثنان', priceCents: 299 });
    const ty = await makeTrack(db, { artistId: y.id, title: 'Y Only', priceCents: 999 });
    const order = (
      trackId: number,
      amountCents: number,
      ref: string,
      status: 'paid' | 'pending',
      paidAt: string,
      buyerEmailShared = true,
    ) => ({
      userId: buyer.id,
      trackId,
      amountCents,
      currency: 'usd',
      status,
      provider: 'local',
      providerRef: ref,
      paymentMethod: 'card',
      receiptUrl: pathOf(Api.analytics.receipt, { id: 0 }),
      paidAt: new Date(paidAt),
      buyerEmailShared,
    });
    await db.db.insert(orders).values([
      // The buyer unticked "Share my email with the artist" at this checkout (decision 059).
      order(tx1.id, 499, 'cs_1', 'paid', '2026-09-10T10:00:00Z', false),
      order(tx1.id, 499, 'cs_2', 'paid', '2026-10-02T10:00:00Z'),
      order(tx2.id, 299, 'cs_3', 'paid', '2026-10-05T10:00:00Z'),
      order(tx2.id, 299, 'cs_4', 'pending', '2026-10-06T10:00:00Z'),
      order(ty.id, 999, 'cs_5', 'paid', '2026-10-07T10:00:00Z'),
    ]);
    artistX = bearer(await makeSession(db, userX.id));
    artistY = bearer(await makeSession(db, userY.id));
    listener = bearer(await makeSession(db, buyer.id));
    admin = bearer(await makeSession(db, (await makeUser(db, { type: 'admin' })).id));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers only the artist's own paid orders at data.data, with totals", async () => {
    const res = await artistOrders(artistX);
    expect(res.status).toBe(200);
    const body = res.json;
    const list = body.data.data;
    expect(list.map((o) => o.music.title)).toEqual(['X Two', 'X One', 'X One']);
    // The Arabic title comes with a track that has one (issue 19), and only then.
    expect(list.map((o) => o.music.title_ar)).toEqual(['إكس اثنان', undefined, undefined]);
    expect(list[1]).toMatchObject({
      music: {
        title: 'X One',
        price: 4.99,
        public_id: expect.stringMatching(/^\/media\/previews\//),
        album: { id: albumId, title: 'X Album' },
      },
      user: { name: 'Buyer One', email: buyerEmail, email_shared: true },
      payment_details: {
        payment_method: 'card',
        amount: 4.99,
        receipt_url: pathOf(Api.analytics.receipt, { id: list[1]!.order_id }),
      },
    });
    // Spec §2: name and email — the email only where the buyer chose to share it (decision 059).
    expect(list.map((o) => o.user.email)).toEqual([buyerEmail, buyerEmail, null]);
    expect(list[2]!.user).toEqual({ name: 'Buyer One', email: null, email_shared: false });
    // Each card's View Receipt is our receipt of that order, never the provider's.
    for (const o of list) {
      expect(o.payment_details.receipt_url).toBe(pathOf(Api.analytics.receipt, { id: o.order_id }));
    }
    expect(body.data.summary).toMatchObject({ revenue: 12.97, orders: 3 });
    expect(body.data.summary.by_month).toEqual([
      { month: '2026-09', revenue: 4.99, orders: 1 },
      { month: '2026-10', revenue: 7.98, orders: 2 },
    ]);
    expect(body.data.summary.top_tracks[0]).toMatchObject({ title: 'X One', revenue: 9.98, orders: 2 });
    const y = await artistOrders(artistY);
    expect(y.json.data.data.map((o) => o.music.title)).toEqual(['Y Only']);
  });

  it("shows the buyer's email on the artist's receipt only when the buyer shared it", async () => {
    const list = (await artistOrders(artistX)).json.data.data;
    const shared = list.find((o) => o.user.email_shared)!;
    const kept = list.find((o) => !o.user.email_shared)!;
    const sharedForArtist = await receipt(shared, artistX);
    expect(sharedForArtist.status).toBe(200);
    expect(sharedForArtist.response.body).toContain(`Buyer One &#60;${buyerEmail}&#62;`);
    const keptForArtist = await receipt(kept, artistX);
    expect(keptForArtist.response.body).toContain('Buyer One (kept their email private)');
    expect(keptForArtist.response.body).not.toContain('@example.com');
    // The buyer's own receipt always has their email.
    expect((await receipt(kept, listener)).response.body).toContain(buyerEmail);
  });

  it("answers the artist's receipt in Arabic with ?lang=ar, right to left", async () => {
    const list = (await artistOrders(artistX)).json.data.data;
    const res = await receipt(list[0]!, artistX, 'ar');
    expect(res.status).toBe(200);
    expect(res.response.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.response.body).toContain('إيصال');
    // The track's Arabic title on the Arabic receipt.
    expect(res.response.body).toContain('إكس اثنان');
  });

  it("keeps the buyer's checkout session id off the artist's receipt and orders (issue #31)", async () => {
    const sales = await artistOrders(artistX);
    const list = sales.json.data.data;
    // The answer as sent (not as parsed, which would drop a field the schema does not know).
    expect(sales.response.body).not.toMatch(/cs_\d/);
    for (const o of list) {
      const forArtist = await receipt(o, artistX);
      expect(forArtist.status).toBe(200);
      expect(forArtist.response.body).not.toMatch(/cs_\d|Transaction ID/);
      // Still a receipt: the order, the track, the buyer's name, the total.
      expect(forArtist.response.body).toContain(`#${String(o.order_id)}`);
      expect(forArtist.response.body).toContain('Buyer One');
      expect(forArtist.response.body).toMatch(/\d+\.\d\d USD/);
      // The buyer's own receipt keeps the session id.
      const forBuyer = await receipt(o, listener);
      expect(forBuyer.response.body).toMatch(/Transaction ID<\/td><td>cs_\d/);
    }
  });

  it('refuses listeners, admins and visitors', async () => {
    const forListener = await artistOrders(listener);
    expect(forListener.status).toBe(403);
    expect(forListener.error).toEqual({ code: 'forbidden', message: Messages.forbidden });
    expect((await artistOrders(admin)).status).toBe(403);
    expect((await artistOrders()).status).toBe(401);
  });
});
