import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, LicenseVerificationResponse, pathOf } from '@tarab/contracts';
import { selectRows } from '../../src/db/client.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../factories.js';
import { z } from 'zod';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
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

  const call = async (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) => {
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const as = async (type: 'user' | 'artist' | 'admin' = 'user') => {
    const user = await makeUser(t.database, { type, emailVerified: true });
    return { user, auth: bearer(await makeSession(t.database, user.id)) };
  };
  const verify = async (key: string) =>
    LicenseVerificationResponse.parse((await call('GET', pathOf(Api.licenses.verify, { key }))).body).data.status;
  const statuses = (cartId: number) =>
    selectRows(
      t.database.db,
      z.object({ id: z.number(), status: z.string() }),
      sql`select id, status from orders where cart_order_id = ${cartId} order by id`,
    );

  /** A buyer pays a two-track playlist checkout on the local driver's page. */
  const paidCart = async () => {
    const buyer = await as();
    const playlistId = (await call('POST', pathOf(Api.library.createPlaylist), buyer.auth, { name: 'Cues' })).body.data
      .id as number;
    for (const price of [499, 799]) {
      const track = await makeTrack(t.database, { artistId, title: `Line ${price}`, priceCents: price });
      await call('POST', pathOf(Api.library.addMusic), buyer.auth, { playlist_id: playlistId, music_id: track.id });
    }
    const checkout = await call('POST', pathOf(Api.cart.checkout, { id: playlistId }), buyer.auth);
    const sessionId = checkout.body.session_id as string;
    expect((await call('POST', pathOf(Api.localPayments.pay, { id: sessionId }), buyer.auth, CARD)).status).toBe(200);
    const success = await call('GET', `${pathOf(Api.cart.success)}?session_id=${sessionId}`, buyer.auth);
    expect(success.body.data.status).toBe('paid');
    return {
      buyer,
      cartId: success.body.data.cart_order_id as number,
      lines: success.body.data.items as Array<{ order_id: number; license_key: string }>,
    };
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
    const url = pathOf(Api.admin.refund, { id: line.order_id });
    expect((await call('POST', url)).status).toBe(401);
    for (const who of [buyer.auth, artistUser, (await as()).auth]) {
      expect((await call('POST', url, who)).status).toBe(403);
    }
    expect((await statuses(cartId)).map((r) => r.status)).toEqual(['paid', 'paid']);
    for (const l of lines) expect(await verify(l.license_key)).toBe('valid');
  });

  it('an operator refunds the one line (200): its licence is revoked, the other line and the cart stay paid', async () => {
    const { cartId, lines } = await paidCart();
    const [first, second] = lines;
    const operator = await as('admin');
    const answer = await call('POST', pathOf(Api.admin.refund, { id: first!.order_id }), operator.auth);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.status).toBe('refunded');
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
    expect((await call('POST', pathOf(Api.admin.refund, { id: second!.order_id }), operator.auth)).status).toBe(200);
    expect(
      await selectRows(
        t.database.db,
        z.object({ status: z.string() }),
        sql`select status from cart_orders where id = ${cartId}`,
      ),
    ).toEqual([{ status: 'refunded' }]);
  });
});
