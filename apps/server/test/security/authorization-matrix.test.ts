import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeWav } from '@tarab/audio';
import {
  allRoutes,
  Api,
  CommerceMessages,
  ErrorBody,
  isRawResponse,
  Messages,
  openApiPath,
  urlOf,
  type RouteSpec,
} from '@tarab/contracts';
import { selectRows } from '../../src/db/client.js';
import { planPrices, sessions, subscriptions } from '../../src/db/schema/index.js';
import { hashSessionToken } from '../../src/modules/auth/session-token.js';
import { createDownloadToken } from '../../src/modules/downloads/download-link.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { callRoute, type RouteAnswer, type RouteRequest } from '../call-route.js';
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

/** What a cell sends: the route's own request, and the session to send instead of the actor's. */
type Call<R extends RouteSpec> = RouteRequest<R> & {
  /** Send this session instead of the actor's usual one (logout must not end the actor's session). */
  token?: string | null;
};

/** A route's answer, read as the matrix reads every route's (the raw answer, and the JSON of a success). */
type Answer = Pick<RouteAnswer<RouteSpec>, 'status' | 'response' | 'error'> & { readonly json: unknown };

/** A cell's request, made ready (its fixtures made): sent with the actor's session, or other headers. */
interface Prepared {
  token: string | null | undefined;
  send: (auth: Record<string, string>) => Promise<Answer>;
}

interface Row {
  /** The route of the table. */
  route: RouteSpec;
  /** `METHOD /openapi/path` of the route (its key in the OpenAPI document). */
  key: string;
  expect: Expected;
  prepare: (actor: Actor) => Promise<Prepared>;
  /** Undo what the call changed, so the next cells start from the same state. */
  after?: (actor: Actor, status: number) => Promise<void>;
}

/** The key of a route of the table in the OpenAPI document (`GET /api/album/{id}`). */
const keyOf = (route: RouteSpec) => routeKey(route.method, openApiPath(route.path));

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
const OTHER_CONFIGURATION = new Map<RouteSpec, string>([
  [Api.commerce.stripeWebhook, 'stripe driver only; stripe-webhook.routes.test.ts refuses unsigned calls (400)'],
]);
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
  /** A URL as given (a signed link of an answer): GET with the actor's session. */
  const open = (actor: Actor, url: string) => t.app.inject({ method: 'GET', url, headers: headersOf(actor) });
  const as = (name: ActorName) => actors[name];
  /** A route of the table called by an actor, with the actor's session. */
  const callAs = <const R extends RouteSpec>(actor: Actor, route: R, request: RouteRequest<R> = {}) =>
    callRoute(t.app, route, { ...request, headers: { ...headersOf(actor), ...request.headers } });
  const api = <const R extends RouteSpec>(name: ActorName, route: R, request: RouteRequest<R> = {}) =>
    callAs(as(name), route, request);

  /**
   * A row of the matrix: the route of the table, what each actor gets, and the request of a cell
   * (typed by the route: its parameters, query and body).
   */
  const row = <const R extends RouteSpec>(
    route: R,
    expected: Expected,
    call: (actor: Actor) => Call<R> | Promise<Call<R>>,
    after?: Row['after'],
  ): Row => ({
    route,
    key: keyOf(route),
    expect: expected,
    prepare: async (actor) => {
      const { token, ...request } = await call(actor);
      return {
        token,
        send: (auth) => callRoute(t.app, route, { ...request, headers: { ...auth, ...request.headers } }),
      };
    },
    ...(after ? { after } : {}),
  });

  /** checkout → pay on the local test page → success page: a paid order and a license. */
  const buy = async (name: ActorName, trackId: number) => {
    const checkout = await api(name, Api.commerce.checkout, { body: { music_id: trackId } });
    expect(checkout.status).toBe(200);
    const sessionId = checkout.json.session_id;
    const paid = await api(name, Api.localPayments.pay, { params: { id: sessionId }, body: CARD });
    expect(paid.status).toBe(200);
    const success = await api(name, Api.commerce.success, { query: { session_id: sessionId } });
    expect(success.status).toBe(200);
    return { sessionId, orderId: success.json.data.order_id };
  };

  /** A payment method of this actor (card setup on the local test page). */
  const paymentMethodOf = async (actor: Actor) => {
    const intent = await callAs(actor, Api.commerce.setupIntent);
    if (intent.status !== 200) return 'pm_x';
    const clientSecret = intent.json.clientSecret;
    const confirm = await callAs(actor, Api.localPayments.confirmSetup, {
      body: { ...CARD, client_secret: clientSecret },
    });
    return confirm.json.payment_method;
  };

  /** A track waiting for review (MODERATION=on put it there), made for each caller. */
  const waitingForReview = async (action: 'approve' | 'reject') => {
    const track = (await makeTrack(t.database, { artistId: f.artistY, title: `Waiting (${action})`, published: false }))
      .id;
    await t.database.db.execute(sql`update tracks set review_state = 'pending', review_at = now() where id = ${track}`);
    return track;
  };

  /** An upload of artist Y (only once the upload routes exist). */
  const yUpload = async () => {
    if (uploadOfY !== null) return uploadOfY;
    const tone = new Float32Array(44100).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / 44100));
    const { payload, contentType } = multipartBody(
      { metadata: JSON.stringify({ title: 'Matrix upload', kind: 'music', price: 3 }) },
      { field: 'file', filename: 'matrix.wav', bytes: encodeWav([tone], 44100), type: 'audio/wav' },
    );
    const res = await api('artistY', Api.ingest.upload, { payload, headers: { 'content-type': contentType } });
    expect(res.status, res.response.body).toBe(202);
    uploadOfY = res.json.data.id;
    return uploadOfY;
  };

  const rows: Row[] = [
    // ---- health, accounts ----------------------------------------------------------------
    row(Api.health.health, everyone(200), () => ({})),
    row(Api.health.live, everyone(200), () => ({})),
    row(Api.health.ready, everyone(200), () => ({})),
    row(Api.auth.register, everyone(200), () => ({
      body: {
        name: 'Matrix Person',
        email: `matrix.${++n}@example.com`,
        password: 'oud-and-qanun-42',
        password_confirmation: 'oud-and-qanun-42',
      },
    })),
    row(Api.auth.login, everyone(200), () => ({ body: { email: f.loginEmail, password: f.loginPassword } })),
    row(Api.auth.socialCallback, everyone(200), () => ({
      params: { provider: 'google' },
      body: {
        access_token: google.issue({
          aud: 'matrix-client.apps.googleusercontent.com',
          sub: `g-matrix-${++n}`,
          email: `g.matrix.${n}@example.com`,
          email_verified: true,
        }),
      },
    })),
    // Logout with a fresh session of the actor, so the actor stays logged in for the other rows.
    row(Api.auth.logout, everyone(200), async (actor) => ({
      token: actor.userId ? await makeSession(t.database, actor.userId) : null,
    })),
    row(Api.auth.providers, everyone(200), () => ({})),
    row(Api.auth.me, loggedIn(200), () => ({})),
    // Another address than the account's: an unconfirmed account may not link it (issue 17).
    row(Api.auth.linkGoogle, { ...loggedIn(200), unverified: 403 }, () => ({
      body: {
        access_token: google.issue({
          aud: 'matrix-client.apps.googleusercontent.com',
          sub: `g-matrix-link-${++n}`,
          email: `g.matrix.link.${n}@example.com`,
          email_verified: true,
        }),
      },
    })),

    // ---- accounts by email (issue 17) ----------------------------------------------------------
    // A link token nobody was sent: 422 for everyone (the token is the credential, not the session).
    row(Api.account.verifyEmail, everyone(422), () => ({ body: { token: 'not-a-token-we-sent' } })),
    row(Api.account.resendVerification, loggedIn(200), () => ({})),
    row(Api.account.forgotPassword, everyone(200), () => ({ body: { email: 'nobody.matrix@example.com' } })),
    row(Api.account.resetPassword, everyone(422), () => ({
      body: {
        token: 'not-a-token-we-sent',
        password: 'qanun-strings-81',
        password_confirmation: 'qanun-strings-81',
      },
    })),
    // The email-change link of an account without a password (issue #31): the token is the credential.
    row(Api.account.confirmEmailChange, everyone(422), () => ({ body: { token: 'not-a-token-we-sent' } })),
    row(Api.account.updateMe, loggedIn(200), (actor) => ({ body: { name: `Matrix ${actor.name}` } })),
    row(Api.account.sessions, loggedIn(200), () => ({})),
    // The actor's own session stays: only others (none here) end.
    row(Api.account.revokeOtherSessions, loggedIn(200), () => ({})),
    row(Api.account.exportMe, loggedIn(200), () => ({})),
    // Not confirmed (the actors have no password and do not type their email): nobody is deleted.
    row(Api.account.deleteMe, loggedIn(422), () => ({ body: { password: 'not-the-password' } })),

    // ---- catalog (public) ------------------------------------------------------------------
    row(Api.catalog.music, everyone(200), () => ({})),
    row(Api.catalog.loops, everyone(200), () => ({})),
    row(Api.catalog.search, everyone(200), () => ({ body: { keyword: 'matrix' } })),
    row(Api.catalog.filter, everyone(200), () => ({ query: { type: 'music' } })),
    row(Api.catalog.suggest, everyone(200), () => ({ query: { q: 'ma' } })),
    row(Api.catalog.artists, everyone(200), () => ({})),
    // A track's and a category's own pages (issue #32): public, like the lists.
    row(Api.catalog.track, everyone(200), () => ({ params: { id: f.forSale } })),
    row(Api.catalog.category, everyone(200), () => ({ params: { id: f.tagX } })),
    row(Api.config.site, everyone(200), () => ({})),
    row(Api.catalog.artist, everyone(200), () => ({ params: { id: f.artistX } })),
    row(Api.catalog.albums, everyone(200), () => ({})),
    row(Api.catalog.stats, everyone(200), () => ({})),
    // Tuning files are free for everyone (issue 18); unpublished items are 404 for everyone (own tests).
    row(Api.tuning.file, everyone(200), () => ({ params: { kind: 'loop', file: `${f.loopX}.scl` } })),
    row(Api.catalog.album, everyone(200), () => ({ params: { id: f.albumX } })),

    // ---- library: A's rows are A's only --------------------------------------------------
    row(Api.library.createPlaylist, loggedIn(200), () => ({ body: { name: 'Matrix list' } })),
    row(Api.library.addMusic, ownerOnly('userA', 200), () => ({
      body: { playlist_id: f.playlistA, music_id: f.forSale },
    })),
    row(Api.library.addLoop, ownerOnly('userA', 200), () => ({ body: { playlist_id: f.playlistA, loop_id: f.loopX } })),
    row(Api.library.playlists, loggedIn(200), () => ({})),
    row(Api.library.playlist, ownerOnly('userA', 200), () => ({ params: { id: f.playlistA } })),
    // A fresh playlist of A for every caller: only A can delete it.
    row(Api.library.deletePlaylist, ownerOnly('userA', 200), async () => {
      const created = await api('userA', Api.library.createPlaylist, { body: { name: 'To delete' } });
      return { params: { id: created.json.data.id } };
    }),
    row(
      Api.library.favouriteMusic,
      loggedIn(200),
      () => ({ body: { music_id: f.forSale } }),
      // Toggle back: every caller starts without this favourite.
      async (actor, status) => {
        if (status === 200) await callAs(actor, Api.library.favouriteMusic, { body: { music_id: f.forSale } });
      },
    ),
    row(
      Api.library.favouriteLoop,
      loggedIn(200),
      () => ({ body: { loop_id: f.loopX } }),
      async (actor, status) => {
        if (status === 200) await callAs(actor, Api.library.favouriteLoop, { body: { loop_id: f.loopX } });
      },
    ),
    row(Api.library.favourites, loggedIn(200), () => ({})),

    // ---- commerce -------------------------------------------------------------------------
    row(Api.commerce.products, everyone(200), () => ({})),
    row(Api.commerce.checkout, loggedIn(200), () => ({ body: { music_id: f.forSale, price: 0.01 } })),
    row(Api.commerce.success, ownerOnly('userA', 200), () => ({ query: { session_id: f.sessionA } })),
    row(Api.commerce.setupIntent, loggedIn(200), () => ({})),
    row(
      Api.commerce.subscribe,
      // The subscriber has a live subscription already.
      { ...loggedIn(200), subscriber: 409 },
      async (actor) => ({
        body: { price_id: 'creator_month', payment_method: actor.userId ? await paymentMethodOf(actor) : 'pm_x' },
      }),
      async (actor, status) => {
        if (status === 200 && actor.userId) {
          await t.database.db.execute(sql`delete from subscriptions where user_id = ${actor.userId}`);
        }
      },
    ),
    row(Api.cart.quote, ownerOnly('userA', 200), () => ({ params: { id: f.cartOpenPlaylistA } })),
    // A's repeated click answers the same open checkout.
    row(Api.cart.checkout, ownerOnly('userA', 200), () => ({ params: { id: f.cartOpenPlaylistA } })),
    row(Api.cart.success, ownerOnly('userA', 200), () => ({ query: { session_id: f.cartSessionA } })),
    row(Api.downloads.cartZip, ownerOnly('userA', 200), () => ({ params: { id: f.cartOrderA } })),
    row(Api.library.share, ownerOnly('userA', 200), () => ({ params: { id: f.playlistA } })),
    row(Api.library.unshare, ownerOnly('userA', 200), () => ({ params: { id: f.playlistA } })),
    // Public by design: whoever has the link (A shares, then anyone opens it).
    row(Api.library.shared, everyone(200), async () => {
      const shared = await api('userA', Api.library.share, { params: { id: f.playlistA } });
      return { params: { token: shared.json.data.share_path.slice(3) } };
    }),
    // Anyone may ask for a quote (a logged-in visitor's request is linked to the account).
    row(Api.quotes.request, everyone(201), () => ({
      body: {
        name: 'Matrix',
        company: 'Matrix Films',
        email: 'matrix@films.example',
        needs: 'Ten tracks, please.',
      },
    })),
    // The local driver takes cards on our own form (409); the hosted flow's owner checks are in
    // subscription-checkout.routes.test.ts against the Stripe fake.
    row(Api.commerce.subscriptionCheckout, loggedIn(409), () => ({ body: { price_id: 'creator_month' } })),
    row(Api.commerce.confirmSubscriptionCheckout, loggedIn(404), () => ({ body: { session_id: 'cs_test_x' } })),
    row(
      Api.commerce.cancelSubscription,
      { ...loggedIn(404), subscriber: 200 },
      () => ({}),
      async (actor) => {
        if (actor.userId) {
          await t.database.db.execute(
            sql`update subscriptions set cancel_at_period_end = false where user_id = ${actor.userId}`,
          );
        }
      },
    ),
    row(Api.localPayments.checkout, ownerOnly('userA', 200), () => ({ params: { id: f.openCheckoutA } })),
    // A fresh open checkout of A for every caller: only A can pay it.
    row(Api.localPayments.pay, ownerOnly('userA', 200), async () => {
      // A fresh track each time: once A has paid for one, asking to buy it again answers "owned".
      const track = (await makeTrack(t.database, { artistId: f.artistX, title: 'Paid by A' })).id;
      const checkout = await api('userA', Api.commerce.checkout, { body: { music_id: track } });
      return { params: { id: checkout.json.session_id }, body: CARD };
    }),
    // A fresh card setup of A for every caller: only A can confirm it.
    row(Api.localPayments.confirmSetup, ownerOnly('userA', 200), async () => {
      const intent = await api('userA', Api.commerce.setupIntent);
      return { body: { ...CARD, client_secret: intent.json.clientSecret } };
    }),

    // ---- downloads ------------------------------------------------------------------------
    row(Api.downloads.fromSubscription, { ...loggedIn(403), subscriber: 200 }, () => ({
      body: { music_id: f.forSale, loop_id: f.forSale },
    })),
    row(Api.downloads.loopFromSubscription, { ...loggedIn(403), subscriber: 200 }, () => ({
      body: { music_id: f.loopX, loop_id: f.loopX },
    })),
    row(Api.downloads.list, loggedIn(200), () => ({})),
    row(Api.downloads.link, ownerOnly('userA', 200, 403), () => ({ params: { id: f.boughtByA } })),
    row(Api.downloads.prepare, ownerOnly('userA', 200, 403), () => ({
      params: { id: f.boughtByA },
      query: { format: 'wav' },
    })),
    row(Api.downloads.zip, ownerOnly('userA', 200, 403), () => ({ params: { id: f.boughtByA } })),
    row(Api.licenses.certificate, ownerOnly('userA', 200, 404), () => ({ params: { id: f.boughtByA } })),
    // Public: anyone may check a key (the licensee is masked, the email never shown).
    row(Api.licenses.verify, everyone(200), async () => {
      const [license] = await selectRows(
        t.database.db,
        z.object({ key: z.string() }),
        sql`select license_key as key from licenses where user_id = ${actors.userA.userId} and track_id = ${f.boughtByA}`,
      );
      return { params: { key: license!.key } };
    }),
    // A's signed link, made for A's session: only that session opens it (issue #31); anyone else 403,
    // no session 401.
    row(Api.downloads.byToken, { ...loggedIn(403), userA: 200 }, () => ({
      params: {
        token: createDownloadToken(SECRET, actors.userA.userId!, f.boughtByA, actors.userA.token!).token,
      },
    })),

    // ---- artist sales ---------------------------------------------------------------------
    row(Api.analytics.artistOrders, artistsOnly(200), () => ({})),
    // The artist's own public profile (decision 061): the session's artist, no id to ask for another's.
    row(Api.ingest.profile, artistsOnly(200), () => ({})),
    // Clearing the Arabic bio: the same state after every cell.
    row(Api.ingest.editProfile, artistsOnly(200), () => ({ body: { bio_ar: '' } })),
    // Each artist's own statements (the session's artist: there is no id to ask for another's).
    row(Api.statements.mine, artistsOnly(200), () => ({})),
    row(Api.statements.mineCsv, artistsOnly(200), () => ({})),
    // The buyer and the artist of the track; anyone else: 404 (no existence leak).
    row(Api.analytics.receipt, { ...ownerOnly('userA', 200), artistX: 200 }, () => ({ params: { id: f.orderA } })),

    // ---- artist uploads (modules/ingest) -----------------------------------------------------
    // Anonymous 401; listeners, subscribers and the admin 403 (artists only); an artist reaching
    // another artist's upload or track gets 404. The rows use artist Y's upload and track.
    row(Api.ingest.upload, artistsOnly(202), () => {
      const tone = new Float32Array(44100).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 330 * i) / 44100));
      const { payload, contentType } = multipartBody(
        { metadata: JSON.stringify({ title: 'Matrix cell', kind: 'music', price: 2 }) },
        { field: 'file', filename: 'cell.wav', bytes: encodeWav([tone], 44100), type: 'audio/wav' },
      );
      return { payload, headers: { 'content-type': contentType } };
    }),
    row(Api.ingest.tracks, artistsOnly(200), () => ({})),
    row(Api.ingest.uploads, artistsOnly(200), () => ({})),
    row(Api.ingest.uploadStatus, artistsOnly(200, { artistX: 404 }), async () => ({
      params: { id: await yUpload() },
    })),
    row(Api.ingest.editTrack, artistsOnly(200, { artistX: 404 }), () => ({
      params: { id: f.trackY },
      body: { title: 'Renamed by its artist' },
    })),
    row(Api.ingest.unpublish, artistsOnly(200, { artistX: 404 }), () => ({ params: { id: f.trackY } })),
    row(Api.ingest.publish, artistsOnly(200, { artistX: 404 }), () => ({ params: { id: f.trackY } })),

    // ---- operator console (issue 22) --------------------------------------------------------
    // Every /api/admin route: anonymous 401, every role but admin 403. Actions work on a fresh
    // target per caller, so the actors themselves are never disabled, demoted or refunded.
    row(Api.admin.users, adminOnly(200), () => ({ query: { q: 'matrix' } })),
    row(Api.admin.artists, adminOnly(200), () => ({ query: { q: 'matrix' } })),
    row(Api.admin.disableUser, adminOnly(200), async () => ({ params: { id: (await makeUser(t.database)).id } })),
    row(Api.admin.enableUser, adminOnly(200), async () => ({ params: { id: (await makeUser(t.database)).id } })),
    row(Api.admin.role, adminOnly(200), async () => ({
      params: { id: (await makeUser(t.database)).id },
      body: { type: 'artist' as const },
    })),
    row(Api.admin.linkArtist, adminOnly(200), async () => ({
      params: { id: (await makeUser(t.database)).id },
      body: { artist_id: (await makeArtist(t.database, `Matrix linked ${++n}`)).id },
    })),
    row(Api.admin.orders, adminOnly(200), () => ({ query: { q: 'matrix' } })),
    row(Api.admin.refund, adminOnly(200), async () => {
      const track = (await makeTrack(t.database, { artistId: f.artistX, title: 'Refunded by the admin' })).id;
      return { params: { id: (await buy('userA', track)).orderId } };
    }),
    row(Api.admin.tracks, adminOnly(200), () => ({ query: { q: 'matrix' } })),
    row(Api.admin.takedown, adminOnly(200), async () => ({
      params: { id: (await makeTrack(t.database, { artistId: f.artistY, title: 'Taken down' })).id },
      body: { reason: 'quality' as const },
    })),
    row(Api.admin.restore, adminOnly(200), async () => {
      const track = (await makeTrack(t.database, { artistId: f.artistY, title: 'Restored' })).id;
      await t.database.db.execute(
        sql`update tracks set published = false, taken_down_at = now(), takedown_reason = 'quality' where id = ${track}`,
      );
      return { params: { id: track } };
    }),
    row(Api.admin.reviewQueue, adminOnly(200), () => ({})),
    row(Api.admin.statements, adminOnly(200), () => ({})),
    row(Api.admin.statementsCsv, adminOnly(200), () => ({ query: { month: '2026-01' } })),
    row(Api.admin.approve, adminOnly(200), async () => ({ params: { id: await waitingForReview('approve') } })),
    row(Api.admin.reject, adminOnly(200), async () => ({
      params: { id: await waitingForReview('reject') },
      body: { reason: 'The mix clips in the chorus.' },
    })),
    row(Api.admin.quotes, adminOnly(200), () => ({})),
    row(Api.admin.audit, adminOnly(200), () => ({})),
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
    f.openCheckoutA = (await api('userA', Api.commerce.checkout, { body: { music_id: f.forSale } })).json.session_id;
    const playlistOfA = (name: string) => api('userA', Api.library.createPlaylist, { body: { name } });
    const addToPlaylist = (playlistId: number, musicId: number) =>
      api('userA', Api.library.addMusic, { body: { playlist_id: playlistId, music_id: musicId } });
    f.playlistA = (await playlistOfA("A's list")).json.data.id;
    // A licenses a playlist in one checkout (paid), and has another playlist with a track still to license.
    const cartTrack = await makeTrack(t.database, { artistId: f.artistX, title: 'Licensed with the playlist' });
    await t.storage.put('private', cartTrack.audioKey, encodeWav([tone], 44100));
    const cartPlaylist = (await playlistOfA("A's cart")).json.data.id;
    await addToPlaylist(cartPlaylist, cartTrack.id);
    const cart = await api('userA', Api.cart.checkout, { params: { id: cartPlaylist } });
    f.cartSessionA = cart.json.session_id;
    expect((await api('userA', Api.localPayments.pay, { params: { id: f.cartSessionA }, body: CARD })).status).toBe(
      200,
    );
    f.cartOrderA = (
      await api('userA', Api.cart.success, { query: { session_id: f.cartSessionA } })
    ).json.data.cart_order_id;
    const stillToLicense = (await makeTrack(t.database, { artistId: f.artistX, title: 'Still to license' })).id;
    f.cartOpenPlaylistA = (await playlistOfA("A's next cart")).json.data.id;
    await addToPlaylist(f.cartOpenPlaylistA, stillToLicense);
    const registered = await callRoute(t.app, Api.auth.register, {
      body: {
        name: 'Matrix Login',
        email: f.loginEmail,
        password: f.loginPassword,
        password_confirmation: f.loginPassword,
      },
    });
    expect(registered.status).toBe(200);

    // The disabled and the deleted account: through the routes, then a session row made afterwards.
    const disabledUser = actors.disabled.userId!;
    expect((await api('admin', Api.admin.disableUser, { params: { id: disabledUser } })).status).toBe(200);
    actors.disabled.token = await makeSession(t.database, disabledUser);
    const [deletedRow] = await selectRows(
      t.database.db,
      z.object({ email: z.string() }),
      sql`select email from users where id = ${actors.deleted.userId}`,
    );
    expect((await api('deleted', Api.account.deleteMe, { body: { confirm_email: deletedRow!.email } })).status).toBe(
      200,
    );
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
    for (const route of OTHER_CONFIGURATION.keys()) expect(documented.has(keyOf(route)), keyOf(route)).toBe(false);
    expect(rows.filter((r) => OTHER_CONFIGURATION.has(r.route)).map((r) => r.key)).toEqual([]);
  });

  it('has a row for every route of the OpenAPI document, and every required row is documented', () => {
    const inTable = new Set(rows.map((r) => r.key));
    const missing = [...documented].filter((key) => !inTable.has(key));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    const stale = rows.filter((r) => !documented.has(r.key)).map((r) => r.key);
    expect(stale, 'rows whose route is not in the OpenAPI document').toEqual([]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    // Every API route of the table has its row (the hidden routes, pages and media, are not the API's).
    const api = allRoutes.filter((route) => !route.hidden && !OTHER_CONFIGURATION.has(route));
    const rowless = api.filter((route) => !rows.some((r) => r.route === route)).map(keyOf);
    expect(rowless, 'routes of the table without a row in the authorization matrix').toEqual([]);
    expect(rows.every((r) => allRoutes.includes(r.route) && r.key === keyOf(r.route))).toBe(true);
  });

  // Every error answer is an `ErrorBody` with a code of the list, and its status is one the route's
  // OpenAPI entry declares (decision 062): the document and the server agree.
  // Every success answer fits the route's own schema for its status (what callRoute's `json` checks).
  for (const row of rows) {
    it(`${row.key}: ${ACTORS.map((a) => row.expect[a]).join(' ')}`, async () => {
      const actual = {} as Expected;
      const bodies: string[] = [];
      const undeclared: string[] = [];
      const unfit: string[] = [];
      for (const name of ACTORS) {
        const actor = actors[name];
        const prepared = await row.prepare(actor);
        const answer = await prepared.send(
          headersOf(actor, prepared.token === undefined ? actor.token : prepared.token),
        );
        const res = answer.response;
        actual[name] = res.statusCode;
        if (res.statusCode !== row.expect[name]) bodies.push(`${name}: ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400) {
          if (!errorStatuses.get(row.key)?.has(res.statusCode))
            undeclared.push(`${name}: ${res.statusCode} undeclared`);
          const problems = errorShapeProblems({ ...res, statusCode: Math.min(res.statusCode, 499) });
          if (problems.length > 0) undeclared.push(`${name}: ${problems.join('; ')}`);
        } else {
          const schema = row.route.responses[res.statusCode];
          if (schema === undefined) unfit.push(`${name}: ${res.statusCode} is not an answer of the route`);
          else if (!isRawResponse(schema)) {
            try {
              void answer.json;
            } catch (error) {
              unfit.push(`${name}: ${String(error).slice(0, 300)}`);
            }
          }
        }
        await row.after?.(actor, res.statusCode);
      }
      expect(actual, bodies.join('\n')).toEqual(row.expect);
      expect(undeclared, 'error answers outside the OpenAPI entry or the ErrorBody shape').toEqual([]);
      expect(unfit, "success answers outside the route's schema").toEqual([]);
    });
  }

  describe('across users, in detail', () => {
    /**
     * The matrix rows queue an upload of artist Y; the ingest worker turns it into a track in the
     * background. Database snapshots are taken once that job has ended, so they see only the test's own changes.
     */
    const uploadsSettled = () =>
      vi.waitFor(
        async () => {
          const [busy] = await selectRows(
            t.database.db,
            z.object({ n: z.number() }),
            sql`select count(*)::int as n from uploads where status in ('queued', 'processing')`,
          );
          expect(busy!.n, 'the queued uploads did not finish within 60 s').toBe(0);
        },
        { timeout: 60_000, interval: 50 },
      );

    it("B cannot read, change or delete A's playlists, and nothing of A's changes", async () => {
      const id = (await api('userA', Api.library.createPlaylist, { body: { name: 'Only mine' } })).json.data.id;
      await api('userA', Api.library.addMusic, { body: { playlist_id: id, music_id: f.boughtByA } });
      await uploadsSettled();
      const before = await snapshotDatabase(t.database.db);
      const notFound = { code: 'playlist_not_found', message: 'Playlist not found' };
      const read = await api('userB', Api.library.playlist, { params: { id } });
      expect(read.status).toBe(404);
      expect(read.error).toEqual(notFound);
      for (const [name, add] of [
        ['add-music', () => api('userB', Api.library.addMusic, { body: { playlist_id: id, music_id: f.forSale } })],
        ['add-loop', () => api('userB', Api.library.addLoop, { body: { playlist_id: id, loop_id: f.loopX } })],
      ] as const) {
        const res = await add();
        expect(res.status, name).toBe(404);
        expect(res.error, name).toEqual(notFound);
      }
      expect((await api('userB', Api.library.deletePlaylist, { params: { id } })).status).toBe(404);
      const listOfB = (await api('userB', Api.library.playlists)).json.playlists;
      expect(listOfB.map((p) => p.id)).not.toContain(id);
      expect(await snapshotDatabase(t.database.db)).toEqual(before);
      const mine = await api('userA', Api.library.playlist, { params: { id } });
      expect(mine.json.data.musics.map((m) => m.id)).toEqual([f.boughtByA]);
    });

    it("favourites are per user: B toggling the same track neither sees nor changes A's", async () => {
      const track = (await makeTrack(t.database, { artistId: f.artistX, title: 'Shared favourite' })).id;
      const toggle = (name: ActorName) => api(name, Api.library.favouriteMusic, { body: { music_id: track } });
      expect((await toggle('userA')).json.data.favorited).toBe(true);
      const listOf = async (name: ActorName) =>
        (await api(name, Api.library.favourites)).json.data.map((x) => x.music_id);
      expect(await listOf('userB')).not.toContain(track);
      // B's toggle adds B's own favourite (it does not remove A's), and a second toggle removes only B's.
      expect((await toggle('userB')).json.data.favorited).toBe(true);
      expect((await toggle('userB')).json.data.favorited).toBe(false);
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
      const zip = await api('userB', Api.downloads.zip, { params: { id: f.boughtByA } });
      expect(zip.status).toBe(403);
      expect(zip.error).toEqual({ code: 'license_required', message: CommerceMessages.licenseRequired });
      expect((await api('userB', Api.downloads.link, { params: { id: f.boughtByA } })).status).toBe(403);
      expect((await api('userB', Api.downloads.list)).json.data.data.data.map((d) => d.id)).not.toContain(f.boughtByA);
      expect(await licensesOfB()).toBe(before);
    });

    it('refuses a link signed for another user, an expired link and a tampered signature or payload', async () => {
      // The link is the answer's own URL, opened as given.
      const link = (await api('userA', Api.downloads.link, { params: { id: f.boughtByA } })).json.data.url;
      expect((await open(as('userA'), link)).statusCode).toBe(200);
      // No session: 401, whatever the link (issue #31: a link is no credential on its own).
      expect((await open(as('anonymous'), link)).statusCode).toBe(401);
      /** The link of a (forged, expired…) download token. */
      const linkOf = (token: string) => urlOf(Api.downloads.byToken, { params: { token } });
      const refused = async (name: ActorName, url: string) => {
        const res = await open(as(name), url);
        expect(res.statusCode, url).toBe(403);
        expect(ErrorBody.parse(res.json()), url).toEqual({
          code: 'link_expired',
          message: CommerceMessages.linkExpired,
        });
      };
      await refused('userB', link);
      await refused('admin', link);
      // B's own valid link for a track B has no license to: the zip is still refused.
      const forB = createDownloadToken(SECRET, actors.userB.userId!, f.boughtByA, actors.userB.token!);
      expect((await open(as('userB'), linkOf(forB.token))).statusCode).toBe(403);
      const expired = createDownloadToken(
        SECRET,
        actors.userA.userId!,
        f.boughtByA,
        actors.userA.token!,
        Date.now() - 11 * 60_000,
      );
      await refused('userA', linkOf(expired.token));
      // A's own link made for another of A's sessions (another device): refused in this one.
      const elsewhere = createDownloadToken(SECRET, actors.userA.userId!, f.boughtByA, 'another-session-of-a');
      await refused('userA', linkOf(elsewhere.token));
      const token = link.split('/').pop()!;
      const [payload, signature] = token.split('.') as [string, string];
      const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
      await refused('userA', linkOf(`${payload}.${flipped}`));
      // The payload re-pointed at B (a different user id) with A's signature.
      const forged = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: actors.userB.userId }),
      ).toString('base64url');
      await refused('userB', linkOf(`${forged}.${signature}`));
      await refused('userA', linkOf(`${payload}.`));
      await refused('userA', linkOf(payload));
      const other = createDownloadToken(
        'another-secret-another-secret-another',
        actors.userA.userId!,
        f.boughtByA,
        actors.userA.token!,
      );
      await refused('userA', linkOf(other.token));
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
        const link = (await callAs(leaving, Api.downloads.link, { params: { id: f.boughtByA } })).json.data.url;
        expect((await open(leaving, link)).statusCode).toBe(200);
        const playlist = (await callAs(leaving, Api.library.createPlaylist, { body: { name: `Shared, then ${how}` } }))
          .json.data.id;
        const sharePath = (await callAs(leaving, Api.library.share, { params: { id: playlist } })).json.data.share_path;
        const openShared = () => callRoute(t.app, Api.library.shared, { params: { token: sharePath.slice(3) } });
        expect((await openShared()).status).toBe(200);

        if (how === 'disable')
          expect((await api('admin', Api.admin.disableUser, { params: { id: user.id } })).status).toBe(200);
        else
          expect((await callAs(leaving, Api.account.deleteMe, { body: { confirm_email: user.email } })).status).toBe(
            200,
          );

        for (const [what, status] of [
          ['link', async () => (await open(leaving, link)).statusCode],
          ['zip', async () => (await callAs(leaving, Api.downloads.zip, { params: { id: f.boughtByA } })).status],
          [
            'certificate',
            async () => (await callAs(leaving, Api.licenses.certificate, { params: { id: f.boughtByA } })).status,
          ],
          ['me', async () => (await callAs(leaving, Api.auth.me)).status],
        ] as const) {
          expect(await status(), `${how}: ${what}`).toBe(401);
        }
        expect((await openShared()).status, how).toBe(404);
        // A session row made afterwards (a race, a leftover) opens nothing either.
        const late: Actor = { ...leaving, token: await makeSession(t.database, user.id) };
        expect((await open(late, link)).statusCode, how).toBe(401);
        expect((await callAs(late, Api.auth.me)).status, how).toBe(401);
      }
    });

    it("refuses every /api/admin route to the admin's logged-out token and to tampered admin tokens (cookie and Bearer)", async () => {
      const adminRows = rows.filter((r) => r.route.access === 'admin');
      expect(adminRows.length).toBeGreaterThanOrEqual(12);
      const loggedOut = await makeSession(t.database, actors.admin.userId!);
      const out = await callRoute(t.app, Api.auth.logout, { headers: { authorization: `Bearer ${loggedOut}` } });
      expect(out.status).toBe(200);
      const good = actors.admin.token!;
      const tampered = [
        `${good.slice(0, 10)}${good[10] === 'x' ? 'y' : 'x'}${good.slice(11)}`,
        `${good}x`,
        good.slice(0, -1),
      ];
      for (const row of adminRows) {
        const prepared = await row.prepare(actors.admin);
        for (const token of [loggedOut, ...tampered]) {
          const ways: Record<string, string>[] = [
            { authorization: `Bearer ${token}` },
            { cookie: `authToken=${token}` },
          ];
          for (const headers of ways) {
            const res = await prepared.send(headers);
            expect(res.status, `${row.key} with ${Object.keys(headers)[0]}`).toBe(401);
            expect(res.error).toEqual({ code: 'unauthenticated', message: Messages.unauthenticated });
          }
        }
      }
    });

    it("refuses artist sales to listeners, subscribers and admins, and never shows artist X's sales to Y", async () => {
      for (const name of ['userA', 'userB', 'subscriber', 'admin'] as const) {
        const refused = await api(name, Api.analytics.artistOrders);
        expect(refused.status, name).toBe(403);
        expect(refused.error, name).toEqual({ code: 'forbidden', message: Messages.forbidden });
      }
      const ordersOf = async (name: ActorName) => (await api(name, Api.analytics.artistOrders)).json.data;
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
        const refused = await api(name, Api.statements.mine);
        expect(refused.status, name).toBe(403);
        expect(refused.error, name).toEqual({ code: 'forbidden', message: Messages.forbidden });
      }
      const statementsOf = async (name: ActorName) => (await api(name, Api.statements.mine)).json.data;
      const x = await statementsOf('artistX');
      const y = await statementsOf('artistY');
      expect(x.length).toBeGreaterThan(0);
      expect(y.length).toBeGreaterThan(0);
      expect(new Set(x.map((s) => s.artist.id))).toEqual(new Set([f.artistX]));
      expect(new Set(y.map((s) => s.artist.id))).toEqual(new Set([f.artistY]));
      const csvY = (await api('artistY', Api.statements.mineCsv)).response;
      expect(
        csvY.body
          .split('\r\n')
          .slice(1)
          .filter(Boolean)
          .every((line) => line.split(',')[1] === String(f.artistY)),
      ).toBe(true);
    });

    it("answers 404 for A's receipt to B, to artist Y and to the admin, exactly as for a missing order", async () => {
      const receipt = (name: ActorName, id: number) => api(name, Api.analytics.receipt, { params: { id } });
      const missing = await receipt('userB', 2147483000);
      expect(missing.status).toBe(404);
      for (const name of ['userB', 'artistY', 'admin', 'subscriber'] as const) {
        const answer = await receipt(name, f.orderA);
        expect({ status: answer.status, body: answer.error }, name).toEqual({
          status: missing.status,
          body: missing.error,
        });
        expect(answer.response.body, name).toBe(missing.response.body);
      }
      const own = await receipt('userA', f.orderA);
      expect(own.status).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
    });

    it('refuses a logged-out token, a token with one changed byte and an expired session (cookie and Bearer)', async () => {
      const me = async (headers: Record<string, string>) => {
        const res = await callRoute(t.app, Api.auth.me, { headers });
        return { status: res.status, body: res.status >= 400 ? res.error : res.json };
      };
      const ways = (token: string): Array<Record<string, string>> => [
        { authorization: `Bearer ${token}` },
        { cookie: `authToken=${token}` },
      ];
      const unauthenticated = { status: 401, body: { code: 'unauthenticated', message: Messages.unauthenticated } };

      const loggedOut = await makeSession(t.database, actors.userA.userId!);
      expect((await me(ways(loggedOut)[0]!)).status).toBe(200);
      expect((await callRoute(t.app, Api.auth.logout, { headers: ways(loggedOut)[1]! })).status).toBe(200);
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
