import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@tarab/audio';
import { CommerceMessages, Messages } from '@tarab/contracts';
import { selectRows } from '../../src/db/client.js';
import { planPrices, sessions, subscriptions } from '../../src/db/schema/index.js';
import { hashSessionToken } from '../../src/modules/auth/session-token.js';
import { createDownloadToken } from '../../src/modules/downloads/download-link.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAlbum, makeArtist, makeLicense, makeSession, makeTag, makeTrack, makeUser } from '../factories.js';
import { startFakeGoogle, type FakeGoogle } from '../fake-google.js';
import { snapshotDatabase } from '../fuzz/db-snapshot.js';
import { declaredErrorStatuses, readApiRoutes, routeKey } from '../fuzz/openapi.js';
import { errorShapeProblems } from '../fuzz/error-shape.js';
import { multipartBody } from '../multipart.js';
import { z } from 'zod';

/**
 * Authorization matrix (issue #9, part 2): every route of the OpenAPI document × every kind of
 * caller → the expected status. A route missing from the table fails the coverage test, so a new
 * route cannot ship without its row. Followed by the cross-user cases in detail.
 *
 * Issue #31 added three actors: `disabled` and `deleted` hold a session row made AFTER the account
 * was disabled / deleted (what a race or a leftover would leave): it must open nothing, so they are
 * anonymous everywhere (401 on every protected route). `unverified` is a listener whose email is not
 * confirmed: it browses, buys and keeps playlists like B, but cannot link a Google account of another
 * address (403).
 */

const ACTORS = [
  'anonymous',
  'userA',
  'userB',
  'subscriber',
  'artistX',
  'artistY',
  'admin',
  'disabled',
  'deleted',
  'unverified',
] as const;
type ActorName = (typeof ACTORS)[number];
type Expected = Record<ActorName, number>;

interface Actor {
  name: ActorName;
  userId: number | null;
  token: string | null;
  /**
   * How this actor sends its session: A, the subscriber, X, the admin and the deleted account by Bearer;
   * B, Y, the disabled and the unverified account by cookie.
   */
  transport: 'bearer' | 'cookie';
}

interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Send this session instead of the actor's usual one (logout must not end the actor's session). */
  token?: string | null;
}

interface Row {
  /** `METHOD /openapi/path`. */
  route: string;
  expect: Expected;
  call: (actor: Actor) => Call | Promise<Call>;
  /** Undo what the call changed, so the next cells start from the same state. */
  after?: (actor: Actor, status: number) => Promise<void>;
}

const SECRET = 'test-secret-key-0123456789abcdef0123456789';
const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };

/** Every actor gets `status`. */
const everyone = (status: number): Expected => Object.fromEntries(ACTORS.map((a) => [a, status])) as Expected;
/** Anonymous 401 (and the disabled and deleted accounts' sessions, which open nothing), every logged-in actor `status`. */
const loggedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401, disabled: 401, deleted: 401 });
/** Anonymous 401, the owner `status`, every other logged-in actor `others` (someone else's row is 404). */
const ownerOnly = (owner: ActorName, status: number, others = 404): Expected => ({
  ...loggedIn(others),
  [owner]: status,
});
/** Anonymous 401, every role but the admin 403, the admin `status` (the operator console, issue 22). */
const adminOnly = (status: number): Expected => ({ ...loggedIn(403), admin: status });
/** Anonymous 401, listeners and the admin 403, both artists `status`. */
const artistsOnly = (status: number, overrides: Partial<Expected> = {}): Expected => ({
  ...loggedIn(403),
  artistX: status,
  artistY: status,
  ...overrides,
});

/** Routes of the other payment driver (not the matrix app's local one), with where they are checked. */
const OTHER_CONFIGURATION: Record<string, string> = {
  'POST /api/stripe/webhook': 'stripe driver only; stripe-webhook.routes.test.ts refuses unsigned calls (400)',
};
describe('authorization matrix', () => {
  let t: TestApp;
  let google: FakeGoogle;
  const actors = {} as Record<ActorName, Actor>;
  const f = {
    artistX: 0,
    artistY: 0,
    /** A genre, for the category page's row. */
    tagX: 0,
    albumX: 0,
    /** X's music, bought by A (with audio in storage, so the zip is real). */
    boughtByA: 0,
    /** X's music nobody owns: for checkouts and subscription downloads. */
    forSale: 0,
    loopX: 0,
    /** Y's music, bought by B (Y's own sales). */
    boughtByB: 0,
    /** Y's track for the artist upload rows (publish/unpublish). */
    trackY: 0,
    playlistA: 0,
    sessionA: '',
    orderA: 0,
    openCheckoutA: '',
    /** A's playlist with one unowned track (License all starts a checkout for A). */
    cartOpenPlaylistA: 0,
    /** A's paid playlist checkout (one licensed track with audio in storage). */
    cartSessionA: '',
    cartOrderA: 0,
    loginEmail: 'matrix.login@example.com',
    loginPassword: 'maqam-saba-2024',
  };
  let documented = new Set<string>();
  let errorStatuses = new Map<string, Set<number>>();
  let uploadOfY: number | null = null;
  let n = 0;

  const headersOf = (actor: Actor, token = actor.token): Record<string, string> => {
    if (!token) return {};
    return actor.transport === 'bearer' ? { authorization: `Bearer ${token}` } : { cookie: `authToken=${token}` };
  };
  const inject = async (method: string, actor: Actor, call: Call) => {
    const token = call.token === undefined ? actor.token : call.token;
    const payload = call.payload;
    const res = await t.app.inject({
      method: method as 'GET',
      url: call.url,
      headers: { ...headersOf(actor, token), ...call.headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    return res;
  };
  const as = (name: ActorName) => actors[name];
  const api = async (name: ActorName, method: string, url: string, payload?: unknown) => {
    const res = await inject(method, as(name), { url, payload });
    return { status: res.statusCode, body: res.json() as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  /** checkout → pay on the local test page → success page: a paid order and a license. */
  const buy = async (name: ActorName, trackId: number) => {
    const checkout = await api(name, 'POST', '/api/stripe/checkout', { music_id: trackId });
    expect(checkout.status).toBe(200);
    const sessionId = checkout.body.session_id as string;
    expect((await api(name, 'POST', `/api/local-payments/checkout/${sessionId}/pay`, CARD)).status).toBe(200);
    const success = await api(name, 'GET', `/api/stripe/success?session_id=${sessionId}`);
    expect(success.status).toBe(200);
    return { sessionId, orderId: success.body.data.order_id as number };
  };

  /** A payment method of this actor (card setup on the local test page). */
  const paymentMethodOf = async (actor: Actor) => {
    const intent = await inject('POST', actor, { url: '/api/billing/setup-intent' });
    if (intent.statusCode !== 200) return 'pm_x';
    const clientSecret = (intent.json() as { clientSecret: string }).clientSecret;
    const confirm = await inject('POST', actor, {
      url: '/api/local-payments/setup/confirm',
      payload: { ...CARD, client_secret: clientSecret },
    });
    return (confirm.json() as { payment_method: string }).payment_method;
  };

  /** An upload of artist Y (only once the upload routes exist). */
  const yUpload = async () => {
    if (uploadOfY !== null) return uploadOfY;
    const tone = new Float32Array(44100).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / 44100));
    const { payload, contentType } = multipartBody(
      { metadata: JSON.stringify({ title: 'Matrix upload', kind: 'music', price: 3 }) },
      { field: 'file', filename: 'matrix.wav', bytes: encodeWav([tone], 44100), type: 'audio/wav' },
    );
    const res = await inject('POST', as('artistY'), {
      url: '/api/artist/tracks',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode, res.body).toBe(202);
    uploadOfY = (res.json() as { data: { id: number } }).data.id;
    return uploadOfY;
  };

  const rows: Row[] = [
    // ---- health, accounts ----------------------------------------------------------------
    { route: 'GET /api/health', expect: everyone(200), call: () => ({ url: '/api/health' }) },
    { route: 'GET /api/health/live', expect: everyone(200), call: () => ({ url: '/api/health/live' }) },
    { route: 'GET /api/health/ready', expect: everyone(200), call: () => ({ url: '/api/health/ready' }) },
    {
      route: 'POST /api/register',
      expect: everyone(200),
      call: () => ({
        url: '/api/register',
        payload: {
          name: 'Matrix Person',
          email: `matrix.${++n}@example.com`,
          password: 'oud-and-qanun-42',
          password_confirmation: 'oud-and-qanun-42',
        },
      }),
    },
    {
      route: 'POST /api/api_login',
      expect: everyone(200),
      call: () => ({ url: '/api/api_login', payload: { email: f.loginEmail, password: f.loginPassword } }),
    },
    {
      route: 'POST /api/auth/{provider}/callback',
      expect: everyone(200),
      call: () => ({
        url: '/api/auth/google/callback',
        payload: {
          access_token: google.issue({
            aud: 'matrix-client.apps.googleusercontent.com',
            sub: `g-matrix-${++n}`,
            email: `g.matrix.${n}@example.com`,
            email_verified: true,
          }),
        },
      }),
    },
    {
      // Logout with a fresh session of the actor, so the actor stays logged in for the other rows.
      route: 'POST /api/logout',
      expect: everyone(200),
      call: async (actor) => ({
        url: '/api/logout',
        token: actor.userId ? await makeSession(t.database, actor.userId) : null,
      }),
    },
    { route: 'GET /api/auth/providers', expect: everyone(200), call: () => ({ url: '/api/auth/providers' }) },
    { route: 'GET /api/me', expect: loggedIn(200), call: () => ({ url: '/api/me' }) },
    {
      // Another address than the account's: an unconfirmed account may not link it (issue 17).
      route: 'POST /api/me/google',
      expect: { ...loggedIn(200), unverified: 403 },
      call: () => ({
        url: '/api/me/google',
        payload: {
          access_token: google.issue({
            aud: 'matrix-client.apps.googleusercontent.com',
            sub: `g-matrix-link-${++n}`,
            email: `g.matrix.link.${n}@example.com`,
            email_verified: true,
          }),
        },
      }),
    },

    // ---- accounts by email (issue 17) ----------------------------------------------------------
    // A link token nobody was sent: 422 for everyone (the token is the credential, not the session).
    {
      route: 'POST /api/email/verify',
      expect: everyone(422),
      call: () => ({ url: '/api/email/verify', payload: { token: 'not-a-token-we-sent' } }),
    },
    { route: 'POST /api/email/resend', expect: loggedIn(200), call: () => ({ url: '/api/email/resend' }) },
    {
      route: 'POST /api/password/forgot',
      expect: everyone(200),
      call: () => ({ url: '/api/password/forgot', payload: { email: 'nobody.matrix@example.com' } }),
    },
    {
      route: 'POST /api/password/reset',
      expect: everyone(422),
      call: () => ({
        url: '/api/password/reset',
        payload: {
          token: 'not-a-token-we-sent',
          password: 'qanun-strings-81',
          password_confirmation: 'qanun-strings-81',
        },
      }),
    },
    {
      // The email-change link of an account without a password (issue #31): the token is the credential.
      route: 'POST /api/me/email-change/confirm',
      expect: everyone(422),
      call: () => ({ url: '/api/me/email-change/confirm', payload: { token: 'not-a-token-we-sent' } }),
    },
    {
      route: 'PATCH /api/me',
      expect: loggedIn(200),
      call: (actor) => ({ url: '/api/me', payload: { name: `Matrix ${actor.name}` } }),
    },
    { route: 'GET /api/me/sessions', expect: loggedIn(200), call: () => ({ url: '/api/me/sessions' }) },
    // The actor's own session stays: only others (none here) end.
    {
      route: 'DELETE /api/me/sessions/others',
      expect: loggedIn(200),
      call: () => ({ url: '/api/me/sessions/others' }),
    },
    { route: 'GET /api/me/export', expect: loggedIn(200), call: () => ({ url: '/api/me/export' }) },
    // Not confirmed (the actors have no password and do not type their email): nobody is deleted.
    {
      route: 'DELETE /api/me',
      expect: loggedIn(422),
      call: () => ({ url: '/api/me', payload: { password: 'not-the-password' } }),
    },

    // ---- catalog (public) ------------------------------------------------------------------
    { route: 'GET /api/music', expect: everyone(200), call: () => ({ url: '/api/music' }) },
    { route: 'GET /api/loop', expect: everyone(200), call: () => ({ url: '/api/loop' }) },
    {
      route: 'POST /api/music/filter',
      expect: everyone(200),
      call: () => ({ url: '/api/music/filter', payload: { keyword: 'matrix' } }),
    },
    { route: 'POST /api/filter', expect: everyone(200), call: () => ({ url: '/api/filter?type=music' }) },
    { route: 'GET /api/search/suggest', expect: everyone(200), call: () => ({ url: '/api/search/suggest?q=ma' }) },
    { route: 'GET /api/artists', expect: everyone(200), call: () => ({ url: '/api/artists' }) },
    // A track's and a category's own pages (issue #32): public, like the lists.
    { route: 'GET /api/music/{id}', expect: everyone(200), call: () => ({ url: `/api/music/${f.forSale}` }) },
    { route: 'GET /api/category/{id}', expect: everyone(200), call: () => ({ url: `/api/category/${f.tagX}` }) },
    { route: 'GET /api/site-config', expect: everyone(200), call: () => ({ url: '/api/site-config' }) },
    { route: 'GET /api/artist/{id}', expect: everyone(200), call: () => ({ url: `/api/artist/${f.artistX}` }) },
    { route: 'GET /api/albums', expect: everyone(200), call: () => ({ url: '/api/albums' }) },
    { route: 'GET /api/catalog/stats', expect: everyone(200), call: () => ({ url: '/api/catalog/stats' }) },
    // Tuning files are free for everyone (issue 18); unpublished items are 404 for everyone (own tests).
    {
      route: 'GET /api/tuning/{kind}/{file}',
      expect: everyone(200),
      call: () => ({ url: `/api/tuning/loop/${f.loopX}.scl` }),
    },
    { route: 'GET /api/album/{id}', expect: everyone(200), call: () => ({ url: `/api/album/${f.albumX}` }) },

    // ---- library: A's rows are A's only --------------------------------------------------
    {
      route: 'POST /api/playlists/add',
      expect: loggedIn(200),
      call: () => ({ url: '/api/playlists/add', payload: { name: 'Matrix list' } }),
    },
    {
      route: 'POST /api/playlists/add-music',
      expect: ownerOnly('userA', 200),
      call: () => ({ url: '/api/playlists/add-music', payload: { playlist_id: f.playlistA, music_id: f.forSale } }),
    },
    {
      route: 'POST /api/playlists/add-loop',
      expect: ownerOnly('userA', 200),
      call: () => ({ url: '/api/playlists/add-loop', payload: { playlist_id: f.playlistA, loop_id: f.loopX } }),
    },
    { route: 'GET /api/playlists/all', expect: loggedIn(200), call: () => ({ url: '/api/playlists/all' }) },
    {
      route: 'GET /api/playlists/music/{id}',
      expect: ownerOnly('userA', 200),
      call: () => ({ url: `/api/playlists/music/${f.playlistA}` }),
    },
    {
      // A fresh playlist of A for every caller: only A can delete it.
      route: 'DELETE /api/playlists/{id}',
      expect: ownerOnly('userA', 200),
      call: async () => {
        const created = await api('userA', 'POST', '/api/playlists/add', { name: 'To delete' });
        return { url: `/api/playlists/${created.body.data.id}` };
      },
    },
    {
      route: 'POST /api/music/favorite',
      expect: loggedIn(200),
      call: () => ({ url: '/api/music/favorite', payload: { music_id: f.forSale } }),
      // Toggle back: every caller starts without this favourite.
      after: async (actor, status) => {
        if (status === 200)
          await inject('POST', actor, { url: '/api/music/favorite', payload: { music_id: f.forSale } });
      },
    },
    {
      route: 'POST /api/loop/favorite',
      expect: loggedIn(200),
      call: () => ({ url: '/api/loop/favorite', payload: { loop_id: f.loopX } }),
      after: async (actor, status) => {
        if (status === 200) await inject('POST', actor, { url: '/api/loop/favorite', payload: { loop_id: f.loopX } });
      },
    },
    { route: 'GET /api/favourit/all', expect: loggedIn(200), call: () => ({ url: '/api/favourit/all' }) },

    // ---- commerce -------------------------------------------------------------------------
    { route: 'GET /api/stripe/products', expect: everyone(200), call: () => ({ url: '/api/stripe/products' }) },
    {
      route: 'POST /api/stripe/checkout',
      expect: loggedIn(200),
      call: () => ({ url: '/api/stripe/checkout', payload: { music_id: f.forSale, price: 0.01 } }),
    },
    {
      route: 'GET /api/stripe/success',
      expect: ownerOnly('userA', 200),
      call: () => ({ url: `/api/stripe/success?session_id=${f.sessionA}` }),
    },
    {
      route: 'POST /api/billing/setup-intent',
      expect: loggedIn(200),
      call: () => ({ url: '/api/billing/setup-intent' }),
    },
    {
      route: 'POST /api/billing/subscribe',
      // The subscriber has a live subscription already.
      expect: { ...loggedIn(200), subscriber: 409 },
      call: async (actor) => ({
        url: '/api/billing/subscribe',
        payload: { price_id: 'creator_month', payment_method: actor.userId ? await paymentMethodOf(actor) : 'pm_x' },
      }),
      after: async (actor, status) => {
        if (status === 200 && actor.userId) {
          await t.database.db.execute(sql`delete from subscriptions where user_id = ${actor.userId}`);
        }
      },
    },
    {
      route: 'GET /api/playlists/{id}/license-all',
      expect: ownerOnly('userA', 200),
      call: () => ({ url: `/api/playlists/${f.cartOpenPlaylistA}/license-all` }),
    },
    {
      // A's repeated click answers the same open checkout.
      route: 'POST /api/playlists/{id}/license-all',
      expect: ownerOnly('userA', 200),
      call: () => ({ url: `/api/playlists/${f.cartOpenPlaylistA}/license-all` }),
    },
    {
      route: 'GET /api/cart/success',
      expect: ownerOnly('userA', 200),
      call: () => ({ url: `/api/cart/success?session_id=${f.cartSessionA}` }),
    },
    {
      route: 'GET /api/cart-orders/{id}/zip',
      expect: ownerOnly('userA', 200),
      call: () => ({ url: `/api/cart-orders/${f.cartOrderA}/zip` }),
    },
    {
      route: 'POST /api/playlists/{id}/share',
      expect: ownerOnly('userA', 200),
      call: () => ({ url: `/api/playlists/${f.playlistA}/share` }),
    },
    {
      route: 'DELETE /api/playlists/{id}/share',
      expect: ownerOnly('userA', 200),
      call: () => ({ url: `/api/playlists/${f.playlistA}/share` }),
    },
    {
      // Public by design: whoever has the link (A shares, then anyone opens it).
      route: 'GET /api/shared/playlists/{token}',
      expect: everyone(200),
      call: async () => {
        const shared = await api('userA', 'POST', `/api/playlists/${f.playlistA}/share`);
        return { url: `/api/shared/playlists/${(shared.body.data.share_path as string).slice(3)}` };
      },
    },
    {
      route: 'POST /api/enterprise/quote',
      // Anyone may ask for a quote (a logged-in visitor's request is linked to the account).
      expect: everyone(201),
      call: () => ({
        url: '/api/enterprise/quote',
        payload: {
          name: 'Matrix',
          company: 'Matrix Films',
          email: 'matrix@films.example',
          needs: 'Ten tracks, please.',
        },
      }),
    },
    {
      route: 'POST /api/billing/subscription-checkout',
      // The local driver takes cards on our own form (409); the hosted flow's owner checks are in
      // subscription-checkout.routes.test.ts against the Stripe fake.
      expect: loggedIn(409),
      call: () => ({ url: '/api/billing/subscription-checkout', payload: { price_id: 'creator_month' } }),
    },
    {
      route: 'POST /api/billing/subscription-checkout/confirm',
      expect: loggedIn(404),
      call: () => ({ url: '/api/billing/subscription-checkout/confirm', payload: { session_id: 'cs_test_x' } }),
    },
    {
      route: 'POST /api/billing/cancel-subscription',
      expect: { ...loggedIn(404), subscriber: 200 },
      call: () => ({ url: '/api/billing/cancel-subscription' }),
      after: async (actor) => {
        if (actor.userId) {
          await t.database.db.execute(
            sql`update subscriptions set cancel_at_period_end = false where user_id = ${actor.userId}`,
          );
        }
      },
    },
    {
      route: 'GET /api/local-payments/checkout/{id}',
      expect: ownerOnly('userA', 200),
      call: () => ({ url: `/api/local-payments/checkout/${f.openCheckoutA}` }),
    },
    {
      // A fresh open checkout of A for every caller: only A can pay it.
      route: 'POST /api/local-payments/checkout/{id}/pay',
      expect: ownerOnly('userA', 200),
      call: async () => {
        // A fresh track each time: once A has paid for one, asking to buy it again answers "owned".
        const track = (await makeTrack(t.database, { artistId: f.artistX, title: 'Paid by A' })).id;
        const checkout = await api('userA', 'POST', '/api/stripe/checkout', { music_id: track });
        return { url: `/api/local-payments/checkout/${checkout.body.session_id}/pay`, payload: CARD };
      },
    },
    {
      // A fresh card setup of A for every caller: only A can confirm it.
      route: 'POST /api/local-payments/setup/confirm',
      expect: ownerOnly('userA', 200),
      call: async () => {
        const intent = await api('userA', 'POST', '/api/billing/setup-intent');
        return {
          url: '/api/local-payments/setup/confirm',
          payload: { ...CARD, client_secret: intent.body.clientSecret },
        };
      },
    },

    // ---- downloads ------------------------------------------------------------------------
    {
      route: 'POST /api/user/download-from-subscription',
      expect: { ...loggedIn(403), subscriber: 200 },
      call: () => ({
        url: '/api/user/download-from-subscription',
        payload: { music_id: f.forSale, loop_id: f.forSale },
      }),
    },
    {
      route: 'POST /api/user/download-loop-from-subscription',
      expect: { ...loggedIn(403), subscriber: 200 },
      call: () => ({
        url: '/api/user/download-loop-from-subscription',
        payload: { music_id: f.loopX, loop_id: f.loopX },
      }),
    },
    { route: 'GET /api/user/downloads', expect: loggedIn(200), call: () => ({ url: '/api/user/downloads' }) },
    {
      route: 'POST /api/user/downloads/{id}/link',
      expect: ownerOnly('userA', 200, 403),
      call: () => ({ url: `/api/user/downloads/${f.boughtByA}/link` }),
    },
    {
      route: 'POST /api/user/downloads/{id}/prepare',
      expect: ownerOnly('userA', 200, 403),
      call: () => ({ url: `/api/user/downloads/${f.boughtByA}/prepare?format=wav` }),
    },
    {
      route: 'GET /api/user/downloads/{id}/zip',
      expect: ownerOnly('userA', 200, 403),
      call: () => ({ url: `/api/user/downloads/${f.boughtByA}/zip` }),
    },
    {
      route: 'GET /api/user/downloads/{id}/certificate',
      expect: ownerOnly('userA', 200, 404),
      call: () => ({ url: `/api/user/downloads/${f.boughtByA}/certificate` }),
    },
    {
      // Public: anyone may check a key (the licensee is masked, the email never shown).
      route: 'GET /api/licenses/{key}/verify',
      expect: everyone(200),
      call: async () => {
        const [row] = await selectRows(
          t.database.db,
          z.object({ key: z.string() }),
          sql`select license_key as key from licenses where user_id = ${actors.userA.userId} and track_id = ${f.boughtByA}`,
        );
        return { url: `/api/licenses/${row!.key}/verify` };
      },
    },
    {
      // A's signed link, made for A's session: only that session opens it (issue #31); anyone else 403,
      // no session 401.
      route: 'GET /api/downloads/{token}',
      expect: { ...loggedIn(403), userA: 200 },
      call: () => ({
        url: `/api/downloads/${createDownloadToken(SECRET, actors.userA.userId!, f.boughtByA, actors.userA.token!).token}`,
      }),
    },

    // ---- artist sales ---------------------------------------------------------------------
    { route: 'GET /api/artist-orders', expect: artistsOnly(200), call: () => ({ url: '/api/artist-orders' }) },
    // The artist's own public profile (decision 061): the session's artist, no id to ask for another's.
    { route: 'GET /api/artist/profile', expect: artistsOnly(200), call: () => ({ url: '/api/artist/profile' }) },
    {
      route: 'PATCH /api/artist/profile',
      expect: artistsOnly(200),
      // Clearing the Arabic bio: the same state after every cell.
      call: () => ({ url: '/api/artist/profile', payload: { bio_ar: '' } }),
    },
    // Each artist's own statements (the session's artist: there is no id to ask for another's).
    { route: 'GET /api/artist/statements', expect: artistsOnly(200), call: () => ({ url: '/api/artist/statements' }) },
    {
      route: 'GET /api/artist/statements.csv',
      expect: artistsOnly(200),
      call: () => ({ url: '/api/artist/statements.csv' }),
    },
    {
      // The buyer and the artist of the track; anyone else: 404 (no existence leak).
      route: 'GET /api/orders/{id}/receipt',
      expect: { ...ownerOnly('userA', 200), artistX: 200 },
      call: () => ({ url: `/api/orders/${f.orderA}/receipt` }),
    },

    // ---- artist uploads (modules/ingest) -----------------------------------------------------
    // Anonymous 401; listeners, subscribers and the admin 403 (artists only); an artist reaching
    // another artist's upload or track gets 404. The rows use artist Y's upload and track.
    {
      route: 'POST /api/artist/tracks',
      expect: artistsOnly(202),
      call: () => {
        const tone = new Float32Array(44100).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 330 * i) / 44100));
        const { payload, contentType } = multipartBody(
          { metadata: JSON.stringify({ title: 'Matrix cell', kind: 'music', price: 2 }) },
          { field: 'file', filename: 'cell.wav', bytes: encodeWav([tone], 44100), type: 'audio/wav' },
        );
        return { url: '/api/artist/tracks', payload, headers: { 'content-type': contentType } };
      },
    },
    {
      route: 'GET /api/artist/tracks',
      expect: artistsOnly(200),
      call: () => ({ url: '/api/artist/tracks' }),
    },
    {
      route: 'GET /api/artist/uploads',
      expect: artistsOnly(200),
      call: () => ({ url: '/api/artist/uploads' }),
    },
    {
      route: 'GET /api/artist/uploads/{id}',
      expect: artistsOnly(200, { artistX: 404 }),
      call: async () => ({ url: `/api/artist/uploads/${await yUpload()}` }),
    },
    {
      route: 'PATCH /api/artist/tracks/{id}',
      expect: artistsOnly(200, { artistX: 404 }),
      call: () => ({ url: `/api/artist/tracks/${f.trackY}`, payload: { title: 'Renamed by its artist' } }),
    },
    {
      route: 'POST /api/artist/tracks/{id}/unpublish',
      expect: artistsOnly(200, { artistX: 404 }),
      call: () => ({ url: `/api/artist/tracks/${f.trackY}/unpublish` }),
    },
    {
      route: 'POST /api/artist/tracks/{id}/publish',
      expect: artistsOnly(200, { artistX: 404 }),
      call: () => ({ url: `/api/artist/tracks/${f.trackY}/publish` }),
    },

    // ---- operator console (issue 22) --------------------------------------------------------
    // Every /api/admin route: anonymous 401, every role but admin 403. Actions work on a fresh
    // target per caller, so the actors themselves are never disabled, demoted or refunded.
    { route: 'GET /api/admin/users', expect: adminOnly(200), call: () => ({ url: '/api/admin/users?q=matrix' }) },
    { route: 'GET /api/admin/artists', expect: adminOnly(200), call: () => ({ url: '/api/admin/artists?q=matrix' }) },
    {
      route: 'POST /api/admin/users/{id}/disable',
      expect: adminOnly(200),
      call: async () => ({ url: `/api/admin/users/${(await makeUser(t.database)).id}/disable` }),
    },
    {
      route: 'POST /api/admin/users/{id}/enable',
      expect: adminOnly(200),
      call: async () => ({ url: `/api/admin/users/${(await makeUser(t.database)).id}/enable` }),
    },
    {
      route: 'POST /api/admin/users/{id}/role',
      expect: adminOnly(200),
      call: async () => ({
        url: `/api/admin/users/${(await makeUser(t.database)).id}/role`,
        payload: { type: 'artist' },
      }),
    },
    {
      route: 'POST /api/admin/users/{id}/artist',
      expect: adminOnly(200),
      call: async () => ({
        url: `/api/admin/users/${(await makeUser(t.database)).id}/artist`,
        payload: { artist_id: (await makeArtist(t.database, `Matrix linked ${++n}`)).id },
      }),
    },
    { route: 'GET /api/admin/orders', expect: adminOnly(200), call: () => ({ url: '/api/admin/orders?q=matrix' }) },
    {
      route: 'POST /api/admin/orders/{id}/refund',
      expect: adminOnly(200),
      call: async () => {
        const track = (await makeTrack(t.database, { artistId: f.artistX, title: 'Refunded by the admin' })).id;
        return { url: `/api/admin/orders/${(await buy('userA', track)).orderId}/refund` };
      },
    },
    { route: 'GET /api/admin/tracks', expect: adminOnly(200), call: () => ({ url: '/api/admin/tracks?q=matrix' }) },
    {
      route: 'POST /api/admin/tracks/{id}/takedown',
      expect: adminOnly(200),
      call: async () => ({
        url: `/api/admin/tracks/${(await makeTrack(t.database, { artistId: f.artistY, title: 'Taken down' })).id}/takedown`,
        payload: { reason: 'quality' },
      }),
    },
    {
      route: 'POST /api/admin/tracks/{id}/restore',
      expect: adminOnly(200),
      call: async () => {
        const track = (await makeTrack(t.database, { artistId: f.artistY, title: 'Restored' })).id;
        await t.database.db.execute(
          sql`update tracks set published = false, taken_down_at = now(), takedown_reason = 'quality' where id = ${track}`,
        );
        return { url: `/api/admin/tracks/${track}/restore` };
      },
    },
    { route: 'GET /api/admin/review', expect: adminOnly(200), call: () => ({ url: '/api/admin/review' }) },
    { route: 'GET /api/admin/statements', expect: adminOnly(200), call: () => ({ url: '/api/admin/statements' }) },
    {
      route: 'GET /api/admin/statements.csv',
      expect: adminOnly(200),
      call: () => ({ url: '/api/admin/statements.csv?month=2026-01' }),
    },
    ...(['approve', 'reject'] as const).map((action) => ({
      route: `POST /api/admin/review/{id}/${action}`,
      expect: adminOnly(200),
      call: async () => {
        // A track waiting for review (MODERATION=on put it there), made for each caller.
        const track = (
          await makeTrack(t.database, { artistId: f.artistY, title: `Waiting (${action})`, published: false })
        ).id;
        await t.database.db.execute(
          sql`update tracks set review_state = 'pending', review_at = now() where id = ${track}`,
        );
        return {
          url: `/api/admin/review/${track}/${action}`,
          ...(action === 'reject' ? { payload: { reason: 'The mix clips in the chorus.' } } : {}),
        };
      },
    })),
    { route: 'GET /api/admin/quotes', expect: adminOnly(200), call: () => ({ url: '/api/admin/quotes' }) },
    { route: 'GET /api/admin/audit', expect: adminOnly(200), call: () => ({ url: '/api/admin/audit' }) },
  ];

  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await buildTestApp({
      secretKey: SECRET,
      google: {
        clientId: 'matrix-client.apps.googleusercontent.com',
        tokenInfoUrl: google.tokenInfoUrl,
        userInfoUrl: google.userInfoUrl,
      },
    });
    const make = async (name: ActorName, type: 'user' | 'artist' | 'admin', transport: Actor['transport']) => {
      const user = await makeUser(t.database, { type, name: `Matrix ${name}`, emailVerified: true });
      actors[name] = { name, userId: user.id, token: await makeSession(t.database, user.id), transport };
    };
    actors.anonymous = { name: 'anonymous', userId: null, token: null, transport: 'bearer' };
    await make('userA', 'user', 'bearer');
    await make('userB', 'user', 'cookie');
    await make('subscriber', 'user', 'bearer');
    await make('artistX', 'artist', 'bearer');
    await make('artistY', 'artist', 'cookie');
    await make('admin', 'admin', 'bearer');
    await make('unverified', 'user', 'cookie');
    await t.database.db.execute(sql`update users set email_verified_at = null where id = ${actors.unverified.userId}`);
    // Disabled by an operator, then deleted by its owner (through the routes, as in production); each
    // then gets a session row of its own, as a race or a leftover would leave it.
    await make('disabled', 'user', 'cookie');
    await make('deleted', 'user', 'bearer');

    f.artistX = (await makeArtist(t.database, 'Matrix X', actors.artistX.userId!)).id;
    f.tagX = (await makeTag(t.database, 'genre', 'Matrix Genre')).id;
    f.artistY = (await makeArtist(t.database, 'Matrix Y', actors.artistY.userId!)).id;
    f.albumX = (await makeAlbum(t.database, f.artistX)).id;
    const bought = await makeTrack(t.database, { artistId: f.artistX, albumId: f.albumX, title: 'Bought by A' });
    const tone = new Float32Array(44100).map((_, i) => 0.4 * Math.sin((2 * Math.PI * 293.66 * i) / 44100));
    await t.storage.put('private', bought.audioKey, encodeWav([tone], 44100));
    f.boughtByA = bought.id;
    f.forSale = (await makeTrack(t.database, { artistId: f.artistX, title: 'For sale' })).id;
    f.loopX = (await makeTrack(t.database, { artistId: f.artistX, kind: 'loop', title: 'Loop X' })).id;
    f.boughtByB = (await makeTrack(t.database, { artistId: f.artistY, title: 'Bought by B' })).id;
    f.trackY = (await makeTrack(t.database, { artistId: f.artistY, title: 'Y for the upload rows' })).id;

    const [price] = await t.database.db.select().from(planPrices);
    await t.database.db.insert(subscriptions).values({
      userId: actors.subscriber.userId!,
      planPriceId: price!.id,
      status: 'active',
      provider: 'local',
      providerRef: `sub_matrix_${actors.subscriber.userId}`,
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });

    const a = await buy('userA', f.boughtByA);
    f.sessionA = a.sessionId;
    f.orderA = a.orderId;
    await buy('userB', f.boughtByB);
    f.openCheckoutA = (await api('userA', 'POST', '/api/stripe/checkout', { music_id: f.forSale })).body.session_id;
    f.playlistA = (await api('userA', 'POST', '/api/playlists/add', { name: "A's list" })).body.data.id;
    // A licenses a playlist in one checkout (paid), and has another playlist with a track still to license.
    const cartTrack = await makeTrack(t.database, { artistId: f.artistX, title: 'Licensed with the playlist' });
    await t.storage.put('private', cartTrack.audioKey, encodeWav([tone], 44100));
    const cartPlaylist = (await api('userA', 'POST', '/api/playlists/add', { name: "A's cart" })).body.data.id;
    await api('userA', 'POST', '/api/playlists/add-music', { playlist_id: cartPlaylist, music_id: cartTrack.id });
    const cart = await api('userA', 'POST', `/api/playlists/${cartPlaylist}/license-all`);
    f.cartSessionA = cart.body.session_id;
    expect((await api('userA', 'POST', `/api/local-payments/checkout/${f.cartSessionA}/pay`, CARD)).status).toBe(200);
    f.cartOrderA = (
      await api('userA', 'GET', `/api/cart/success?session_id=${f.cartSessionA}`)
    ).body.data.cart_order_id;
    const stillToLicense = (await makeTrack(t.database, { artistId: f.artistX, title: 'Still to license' })).id;
    f.cartOpenPlaylistA = (await api('userA', 'POST', '/api/playlists/add', { name: "A's next cart" })).body.data.id;
    await api('userA', 'POST', '/api/playlists/add-music', {
      playlist_id: f.cartOpenPlaylistA,
      music_id: stillToLicense,
    });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Matrix Login',
        email: f.loginEmail,
        password: f.loginPassword,
        password_confirmation: f.loginPassword,
      },
    });
    expect(registered.statusCode).toBe(200);

    // The disabled and the deleted account: through the routes, then a session row made afterwards.
    const disabledUser = actors.disabled.userId!;
    expect((await api('admin', 'POST', `/api/admin/users/${disabledUser}/disable`)).status).toBe(200);
    actors.disabled.token = await makeSession(t.database, disabledUser);
    const [deletedRow] = await selectRows(
      t.database.db,
      z.object({ email: z.string() }),
      sql`select email from users where id = ${actors.deleted.userId}`,
    );
    expect((await api('deleted', 'DELETE', '/api/me', { confirm_email: deletedRow!.email })).status).toBe(200);
    actors.deleted.token = await makeSession(t.database, actors.deleted.userId!);
    const apiRoutes = await readApiRoutes(t.app);
    documented = new Set(apiRoutes.map((r) => r.key));
    errorStatuses = new Map(apiRoutes.map((r) => [r.key, declaredErrorStatuses(r.operation)]));
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('leaves out only the routes of another configuration, which this app does not serve', () => {
    // The matrix's app runs the local payment driver; these exist with the other one only, and their
    // own suites refuse every caller (the Stripe webhook: no valid Stripe-Signature, 400 for everyone,
    // stripe-webhook.routes.test.ts). Served here, they would need a row like every other route.
    for (const route of Object.keys(OTHER_CONFIGURATION)) expect(documented.has(route), route).toBe(false);
    expect(rows.map((r) => r.route).filter((route) => route in OTHER_CONFIGURATION)).toEqual([]);
  });

  it('has a row for every route of the OpenAPI document, and every required row is documented', () => {
    const inTable = new Set(rows.map((r) => r.route));
    const missing = [...documented].filter((key) => !inTable.has(key));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    const stale = rows.filter((r) => !documented.has(r.route)).map((r) => r.route);
    expect(stale, 'rows whose route is not in the OpenAPI document').toEqual([]);
    expect(new Set(rows.map((r) => r.route)).size).toBe(rows.length);
    expect(rows.every((r) => r.route === routeKey(r.route.split(' ')[0]!, r.route.split(' ')[1]!))).toBe(true);
  });

  // Every error answer is an `ErrorBody` with a code of the list, and its status is one the route's
  // OpenAPI entry declares (decision 062): the document and the server agree.
  for (const row of rows) {
    it(`${row.route}: ${ACTORS.map((a) => row.expect[a]).join(' ')}`, async () => {
      const [method] = row.route.split(' ');
      const actual = {} as Expected;
      const bodies: string[] = [];
      const undeclared: string[] = [];
      for (const name of ACTORS) {
        const actor = actors[name];
        const res = await inject(method!, actor, await row.call(actor));
        actual[name] = res.statusCode;
        if (res.statusCode !== row.expect[name]) bodies.push(`${name}: ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400) {
          if (!errorStatuses.get(row.route)?.has(res.statusCode))
            undeclared.push(`${name}: ${res.statusCode} undeclared`);
          const problems = errorShapeProblems({ ...res, statusCode: Math.min(res.statusCode, 499) });
          if (problems.length > 0) undeclared.push(`${name}: ${problems.join('; ')}`);
        }
        await row.after?.(actor, res.statusCode);
      }
      expect(actual, bodies.join('\n')).toEqual(row.expect);
      expect(undeclared, 'error answers outside the OpenAPI entry or the ErrorBody shape').toEqual([]);
    });
  }

  describe('across users, in detail', () => {
    /**
     * The matrix rows queue an upload of artist Y; the ingest worker turns it into a track in the
     * background. Database snapshots are taken once that job has ended, so they see only the test's own changes.
     */
    const uploadsSettled = async () => {
      for (let waited = 0; ; waited += 50) {
        const [busy] = await selectRows(
          t.database.db,
          z.object({ n: z.number() }),
          sql`select count(*)::int as n from uploads where status in ('queued', 'processing')`,
        );
        if (busy!.n === 0) return;
        if (waited > 60_000) throw new Error('the queued uploads did not finish within 60 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    it("B cannot read, change or delete A's playlists, and nothing of A's changes", async () => {
      const id = (await api('userA', 'POST', '/api/playlists/add', { name: 'Only mine' })).body.data.id as number;
      await api('userA', 'POST', '/api/playlists/add-music', { playlist_id: id, music_id: f.boughtByA });
      await uploadsSettled();
      const before = await snapshotDatabase(t.database.db);
      const read = await api('userB', 'GET', `/api/playlists/music/${id}`);
      expect(read).toEqual({ status: 404, body: { code: 'playlist_not_found', message: 'Playlist not found' } });
      for (const [url, payload] of [
        ['/api/playlists/add-music', { playlist_id: id, music_id: f.forSale }],
        ['/api/playlists/add-loop', { playlist_id: id, loop_id: f.loopX }],
      ] as const) {
        expect(await api('userB', 'POST', url, payload)).toEqual({
          status: 404,
          body: { code: 'playlist_not_found', message: 'Playlist not found' },
        });
      }
      expect((await api('userB', 'DELETE', `/api/playlists/${id}`)).status).toBe(404);
      const listOfB = (await api('userB', 'GET', '/api/playlists/all')).body.playlists as Array<{ id: number }>;
      expect(listOfB.map((p) => p.id)).not.toContain(id);
      expect(await snapshotDatabase(t.database.db)).toEqual(before);
      const mine = await api('userA', 'GET', `/api/playlists/music/${id}`);
      expect(mine.body.data.musics.map((m: { id: number }) => m.id)).toEqual([f.boughtByA]);
    });

    it("favourites are per user: B toggling the same track neither sees nor changes A's", async () => {
      const track = (await makeTrack(t.database, { artistId: f.artistX, title: 'Shared favourite' })).id;
      expect((await api('userA', 'POST', '/api/music/favorite', { music_id: track })).body.data.favorited).toBe(true);
      const listOf = async (name: ActorName) =>
        ((await api(name, 'GET', '/api/favourit/all')).body.data as Array<{ music_id: number | null }>).map(
          (x) => x.music_id,
        );
      expect(await listOf('userB')).not.toContain(track);
      // B's toggle adds B's own favourite (it does not remove A's), and a second toggle removes only B's.
      expect((await api('userB', 'POST', '/api/music/favorite', { music_id: track })).body.data.favorited).toBe(true);
      expect((await api('userB', 'POST', '/api/music/favorite', { music_id: track })).body.data.favorited).toBe(false);
      expect(await listOf('userA')).toContain(track);
      expect(await listOf('userB')).not.toContain(track);
    });

    it("B cannot download A's purchased track: zip and link 403, and no license appears", async () => {
      const licensesOfB = async () =>
        (
          await selectRows(
            t.database.db,
            z.object({ n: z.number() }),
            sql`select count(*)::int as n from licenses where user_id = ${actors.userB.userId}`,
          )
        )[0]!.n;
      const before = await licensesOfB();
      const zip = await api('userB', 'GET', `/api/user/downloads/${f.boughtByA}/zip`);
      expect(zip).toEqual({
        status: 403,
        body: { code: 'license_required', message: CommerceMessages.licenseRequired },
      });
      expect((await api('userB', 'POST', `/api/user/downloads/${f.boughtByA}/link`)).status).toBe(403);
      expect(
        (await api('userB', 'GET', '/api/user/downloads')).body.data.data.data.map((d: { id: number }) => d.id),
      ).not.toContain(f.boughtByA);
      expect(await licensesOfB()).toBe(before);
    });

    it('refuses a link signed for another user, an expired link and a tampered signature or payload', async () => {
      const link = (await api('userA', 'POST', `/api/user/downloads/${f.boughtByA}/link`)).body.data.url as string;
      expect((await inject('GET', as('userA'), { url: link })).statusCode).toBe(200);
      // No session: 401, whatever the link (issue #31: a link is no credential on its own).
      expect((await inject('GET', as('anonymous'), { url: link })).statusCode).toBe(401);
      const refused = async (name: ActorName, url: string) => {
        const res = await inject('GET', as(name), { url });
        expect(res.statusCode, url).toBe(403);
        expect(res.json(), url).toEqual({ code: 'link_expired', message: CommerceMessages.linkExpired });
      };
      await refused('userB', link);
      await refused('admin', link);
      // B's own valid link for a track B has no license to: the zip is still refused.
      const forB = createDownloadToken(SECRET, actors.userB.userId!, f.boughtByA, actors.userB.token!);
      expect((await inject('GET', as('userB'), { url: `/api/downloads/${forB.token}` })).statusCode).toBe(403);
      const expired = createDownloadToken(
        SECRET,
        actors.userA.userId!,
        f.boughtByA,
        actors.userA.token!,
        Date.now() - 11 * 60_000,
      );
      await refused('userA', `/api/downloads/${expired.token}`);
      // A's own link made for another of A's sessions (another device): refused in this one.
      const elsewhere = createDownloadToken(SECRET, actors.userA.userId!, f.boughtByA, 'another-session-of-a');
      await refused('userA', `/api/downloads/${elsewhere.token}`);
      const token = link.split('/').pop()!;
      const [payload, signature] = token.split('.') as [string, string];
      const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
      await refused('userA', `/api/downloads/${payload}.${flipped}`);
      // The payload re-pointed at B (a different user id) with A's signature.
      const forged = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: actors.userB.userId }),
      ).toString('base64url');
      await refused('userB', `/api/downloads/${forged}.${signature}`);
      await refused('userA', `/api/downloads/${payload}.`);
      await refused('userA', `/api/downloads/${payload}`);
      const other = createDownloadToken(
        'another-secret-another-secret-another',
        actors.userA.userId!,
        f.boughtByA,
        actors.userA.token!,
      );
      await refused('userA', `/api/downloads/${other.token}`);
    });

    it('a disabled or deleted account: its session, its download links, its zips and its shared playlist stop at once', async () => {
      for (const how of ['disable', 'delete'] as const) {
        const user = await makeUser(t.database, { name: `Leaving by ${how}`, emailVerified: true });
        await makeLicense(t.database, user.id, f.boughtByA);
        const leaving: Actor = {
          name: 'userB',
          userId: user.id,
          token: await makeSession(t.database, user.id),
          transport: 'bearer',
        };
        const call = async (method: string, url: string, payload?: unknown) => {
          const res = await inject(method, leaving, { url, payload });
          return { status: res.statusCode, body: res.json() as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
        };
        const link = (await call('POST', `/api/user/downloads/${f.boughtByA}/link`)).body.data.url as string;
        expect((await inject('GET', leaving, { url: link })).statusCode).toBe(200);
        const playlist = (await call('POST', '/api/playlists/add', { name: `Shared, then ${how}` })).body.data.id;
        const shared = `/api/shared/playlists/${((await call('POST', `/api/playlists/${playlist}/share`)).body.data.share_path as string).slice(3)}`;
        expect((await inject('GET', as('anonymous'), { url: shared })).statusCode).toBe(200);

        if (how === 'disable')
          expect((await api('admin', 'POST', `/api/admin/users/${user.id}/disable`)).status).toBe(200);
        else expect((await call('DELETE', '/api/me', { confirm_email: user.email })).status).toBe(200);

        for (const url of [
          link,
          `/api/user/downloads/${f.boughtByA}/zip`,
          `/api/user/downloads/${f.boughtByA}/certificate`,
          '/api/me',
        ]) {
          expect((await inject('GET', leaving, { url })).statusCode, `${how}: ${url}`).toBe(401);
        }
        expect((await inject('GET', as('anonymous'), { url: shared })).statusCode, how).toBe(404);
        // A session row made afterwards (a race, a leftover) opens nothing either.
        const late: Actor = { ...leaving, token: await makeSession(t.database, user.id) };
        expect((await inject('GET', late, { url: link })).statusCode, how).toBe(401);
        expect((await inject('GET', late, { url: '/api/me' })).statusCode, how).toBe(401);
      }
    });

    it("refuses every /api/admin route to the admin's logged-out token and to tampered admin tokens (cookie and Bearer)", async () => {
      const adminRows = rows.filter((r) => r.route.includes(' /api/admin/'));
      expect(adminRows.length).toBeGreaterThanOrEqual(12);
      const loggedOut = await makeSession(t.database, actors.admin.userId!);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${loggedOut}` },
      });
      expect(out.statusCode).toBe(200);
      const good = actors.admin.token!;
      const tampered = [
        `${good.slice(0, 10)}${good[10] === 'x' ? 'y' : 'x'}${good.slice(11)}`,
        `${good}x`,
        good.slice(0, -1),
      ];
      for (const row of adminRows) {
        const [method] = row.route.split(' ');
        const call = await row.call(actors.admin);
        for (const token of [loggedOut, ...tampered]) {
          for (const headers of [{ authorization: `Bearer ${token}` }, { cookie: `authToken=${token}` }]) {
            const res = await t.app.inject({
              method: method as 'GET',
              url: call.url,
              headers,
              ...(call.payload === undefined ? {} : { payload: call.payload as string }),
            });
            expect(res.statusCode, `${row.route} with ${Object.keys(headers)[0]}`).toBe(401);
            expect(res.json()).toEqual({ code: 'unauthenticated', message: Messages.unauthenticated });
          }
        }
      }
    });

    it("refuses artist sales to listeners, subscribers and admins, and never shows artist X's sales to Y", async () => {
      for (const name of ['userA', 'userB', 'subscriber', 'admin'] as const) {
        expect(await api(name, 'GET', '/api/artist-orders')).toEqual({
          status: 403,
          body: { code: 'forbidden', message: Messages.forbidden },
        });
      }
      const ordersOf = async (name: ActorName) =>
        (await api(name, 'GET', '/api/artist-orders')).body.data as {
          data: Array<{ order_id: number; music: { id: number } }>;
          summary: { orders: number; top_tracks: Array<{ id: number }> };
        };
      const x = await ordersOf('artistX');
      const y = await ordersOf('artistY');
      expect(x.data.map((o) => o.music.id)).toContain(f.boughtByA);
      expect(y.data.map((o) => o.music.id)).toEqual([f.boughtByB]);
      expect(y.data.map((o) => o.order_id)).not.toContain(f.orderA);
      expect(y.summary.orders).toBe(1);
      expect(y.summary.top_tracks.map((tr) => tr.id)).toEqual([f.boughtByB]);
      expect(x.data.map((o) => o.music.id)).not.toContain(f.boughtByB);
    });

    it("never shows artist X's statements to artist Y (page and CSV), and refuses them to everyone else", async () => {
      for (const name of ['userA', 'userB', 'subscriber', 'admin'] as const) {
        expect(await api(name, 'GET', '/api/artist/statements')).toEqual({
          status: 403,
          body: { code: 'forbidden', message: Messages.forbidden },
        });
      }
      const statementsOf = async (name: ActorName) =>
        (await api(name, 'GET', '/api/artist/statements')).body.data as Array<{
          artist: { id: number };
          single_sales: { count: number };
        }>;
      const x = await statementsOf('artistX');
      const y = await statementsOf('artistY');
      expect(x.length).toBeGreaterThan(0);
      expect(y.length).toBeGreaterThan(0);
      expect(new Set(x.map((s) => s.artist.id))).toEqual(new Set([f.artistX]));
      expect(new Set(y.map((s) => s.artist.id))).toEqual(new Set([f.artistY]));
      const csvY = await inject('GET', as('artistY'), { url: '/api/artist/statements.csv' });
      expect(
        csvY.body
          .split('\r\n')
          .slice(1)
          .filter(Boolean)
          .every((line) => line.split(',')[1] === String(f.artistY)),
      ).toBe(true);
    });

    it("answers 404 for A's receipt to B, to artist Y and to the admin, exactly as for a missing order", async () => {
      const missing = await api('userB', 'GET', '/api/orders/2147483000/receipt');
      expect(missing.status).toBe(404);
      for (const name of ['userB', 'artistY', 'admin', 'subscriber'] as const) {
        expect(await api(name, 'GET', `/api/orders/${f.orderA}/receipt`)).toEqual(missing);
      }
      const own = await inject('GET', as('userA'), { url: `/api/orders/${f.orderA}/receipt` });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
    });

    it('refuses a logged-out token, a token with one changed byte and an expired session (cookie and Bearer)', async () => {
      const me = async (headers: Record<string, string>) => {
        const res = await t.app.inject({ method: 'GET', url: '/api/me', headers });
        return { status: res.statusCode, body: res.json() as unknown };
      };
      const ways = (token: string): Array<Record<string, string>> => [
        { authorization: `Bearer ${token}` },
        { cookie: `authToken=${token}` },
      ];
      const unauthenticated = { status: 401, body: { code: 'unauthenticated', message: Messages.unauthenticated } };

      const loggedOut = await makeSession(t.database, actors.userA.userId!);
      expect((await me(ways(loggedOut)[0]!)).status).toBe(200);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/logout', headers: ways(loggedOut)[1]! })).statusCode,
      ).toBe(200);
      for (const headers of ways(loggedOut)) expect(await me(headers)).toEqual(unauthenticated);

      const good = actors.userA.token!;
      for (let i = 0; i < good.length; i += 7) {
        const changed = `${good.slice(0, i)}${good[i] === 'x' ? 'y' : 'x'}${good.slice(i + 1)}`;
        for (const headers of ways(changed)) expect(await me(headers)).toEqual(unauthenticated);
      }
      for (const headers of ways(good)) expect((await me(headers)).status).toBe(200);

      const expired = await makeSession(t.database, actors.userA.userId!, new Date(Date.now() - 1000));
      for (const headers of ways(expired)) expect(await me(headers)).toEqual(unauthenticated);
      // A session that runs out while in use stops working at once.
      const live = await makeSession(t.database, actors.userB.userId!);
      for (const headers of ways(live)) expect((await me(headers)).status).toBe(200);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(sessions.tokenHash, hashSessionToken(live)));
      for (const headers of ways(live)) expect(await me(headers)).toEqual(unauthenticated);
    });
  });
});
