import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '@tarab/contracts';
import { selectRows } from '../../src/db/client.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { callRoute } from '../call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../factories.js';
import { z } from 'zod';

type Headers = Record<string, string>;
const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };

/**
 * The authorization row of a refund of a playlist (cart) order's line (issue #31 item 9): only an
 * operator refunds, and a refund changes that line only. Anonymous callers get 401; the buyer, the
 * artist of the track and any other account get 403, and nothing changes. (The lead wires this row
 * into test/security/authorization-matrix.test.ts; it stands on its own here, local driver.)
 */
describe('refund of a playlist order line: who may', () => {
  let t: TestApp;
  let artistUser: Headers;
  let artistId: number;

  const refund = (orderId: number, headers: Headers = {}) =>
    callRoute(t.app, Api.admin.refund, { params: { id: orderId }, headers });
  const as = async (type: 'user' | 'artist' | 'admin' = 'user') => {
    const user = await makeUser(t.database, { type, emailVerified: true });
    return { user, auth: bearer(await makeSession(t.database, user.id)) };
  };
  const verify = async (key: string | null) => {
    expect(key).toEqual(expect.any(String));
    return (await callRoute(t.app, Api.licenses.verify, { params: { key: key! } })).json.data.status;
  };
  const statuses = (cartId: number) =>
    selectRows(
      t.database.db,
      z.object({ id: z.number(), status: z.string() }),
      sql`select id, status from orders where cart_order_id = ${cartId} order by id`,
    );

  /** A buyer pays a two-track playlist checkout on the local driver's page. */
  const paidCart = async () => {
    const buyer = await as();
    const headers = buyer.auth;
    const created = await callRoute(t.app, Api.library.createPlaylist, { body: { name: 'Cues' }, headers });
    const playlistId = created.json.data.id;
    for (const price of [499, 799]) {
      const track = await makeTrack(t.database, { artistId, title: `Line ${price}`, priceCents: price });
      await callRoute(t.app, Api.library.addMusic, { body: { playlist_id: playlistId, music_id: track.id }, headers });
    }
    const checkout = await callRoute(t.app, Api.cart.checkout, { params: { id: playlistId }, headers });
    const sessionId = checkout.json.session_id;
    const paid = await callRoute(t.app, Api.localPayments.pay, { params: { id: sessionId }, body: CARD, headers });
    expect(paid.status).toBe(200);
    const success = await callRoute(t.app, Api.cart.success, { query: { session_id: sessionId }, headers });
    expect(success.json.data.status).toBe('paid');
    return { buyer, cartId: success.json.data.cart_order_id, lines: success.json.data.items };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const artist = await as('artist');
    artistUser = artist.auth;
    artistId = (await makeArtist(t.database, 'Refund Row Ensemble', artist.user.id)).id;
  });
  afterAll(async () => t?.close());

  it('anonymous 401; buyer, artist and another account 403, changing nothing', async () => {
    const { buyer, cartId, lines } = await paidCart();
    const line = lines[0]!;
    expect((await refund(line.order_id)).status).toBe(401);
    for (const who of [buyer.auth, artistUser, (await as()).auth]) {
      expect((await refund(line.order_id, who)).status).toBe(403);
    }
    expect((await statuses(cartId)).map((r) => r.status)).toEqual(['paid', 'paid']);
    for (const l of lines) expect(await verify(l.license_key)).toBe('valid');
  });

  it('an operator refunds the one line (200): its licence is revoked, the other line and the cart stay paid', async () => {
    const { cartId, lines } = await paidCart();
    const [first, second] = lines;
    const operator = await as('admin');
    const answer = await refund(first!.order_id, operator.auth);
    expect(answer.status, answer.response.body).toBe(200);
    expect(answer.json.data.status).toBe('refunded');
    expect(await statuses(cartId)).toEqual([
      { id: first!.order_id, status: 'refunded' },
      { id: second!.order_id, status: 'paid' },
    ]);
    expect(await verify(first!.license_key)).toBe('revoked');
    expect(await verify(second!.license_key)).toBe('valid');
    const cart = await selectRows(
      t.database.db,
      z.object({ status: z.string() }),
      sql`select status from cart_orders where id = ${cartId}`,
    );
    expect(cart).toEqual([{ status: 'paid' }]);
    // The last line refunds the cart.
    expect((await refund(second!.order_id, operator.auth)).status).toBe(200);
    expect(
      await selectRows(
        t.database.db,
        z.object({ status: z.string() }),
        sql`select status from cart_orders where id = ${cartId}`,
      ),
    ).toEqual([{ status: 'refunded' }]);
  });
});
