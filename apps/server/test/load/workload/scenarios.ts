/**
 * What the virtual users of a load run do (issue #9 part 6). Scenarios arrive as a Poisson process
 * (exponential gaps from a seeded PRNG) at `rate / mean requests per scenario` scenarios per second, so
 * requests arrive at about `rate` per second whatever the server answers (open loop; nothing waits for
 * a free connection slot to send the next arrival). A scenario is what one person does at that moment:
 *   browse     GET /api/music, /api/loop, /api/albums, /api/album/{id}, /api/artists, /api/artist/{id}
 *   search     POST /api/music/filter {type, keyword} or GET /api/music|loop?keyword=
 *   stream     GET a preview with a random `Range: bytes=a-b` (206, the exact bytes asked for)
 *   login      POST /api/api_login as one of the registered users (a new session)
 *   favourite  POST /api/music/favorite (a toggle; the answer must match the user's previous toggles)
 *   playlist   POST /api/playlists/add now and then (a new playlist), then POST /api/playlists/add-music
 *   purchase   POST /api/stripe/checkout → GET and POST /api/local-payments/checkout/{id}[/pay] with
 *              4242 4242 4242 4242 → GET /api/stripe/success (paid, with a license key)
 * Each checks its answers and writes what succeeded in the run's ledger (ledger.ts).
 */
import { Api, pathOf, urlOf } from '@tarab/contracts';
import type { LoadRun } from './load-run.js';

/** Scenario weights (per arrival) and the requests each makes (purchase: 4; playlist: 1 + new playlists). */
export const MIX = [
  { name: 'browse', weight: 34, requests: 1 },
  { name: 'search', weight: 16, requests: 1 },
  { name: 'stream', weight: 18, requests: 1 },
  { name: 'login', weight: 3, requests: 1 },
  { name: 'favourite', weight: 12, requests: 1 },
  { name: 'playlist', weight: 10, requests: 1.1 },
  { name: 'purchase', weight: 7, requests: 4 },
] as const;
export type ScenarioName = (typeof MIX)[number]['name'];
export const totalWeight = MIX.reduce((s, m) => s + m.weight, 0);
export const REQUESTS_PER_SCENARIO = MIX.reduce((s, m) => s + (m.weight / totalWeight) * m.requests, 0);

const KEYWORDS = [
  'hijaz',
  'hejaz',
  'bayati',
  'nahawand',
  'nihavend',
  'saba',
  'rast',
  'kurd',
  'sikah',
  'ajam',
  'oud',
  'qanun',
  'kanun',
  'ney',
  'darbuka',
  'riq',
  'maqsum',
  'baladi',
  'saidi',
  'sama',
  'sufi',
  'desert',
  'night',
  'caravan',
  'hijzz',
  'nahawnd',
  'taqsim',
  'wahda',
];
const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 4 };

async function browse(run: LoadRun): Promise<void> {
  const token = run.rng.next() < 0.5 ? run.anyUser()?.token : undefined;
  const choice = run.rng.int(6);
  const page = 1 + run.rng.int(2);
  const perPage = run.rng.pick([10, 20, 50]);
  if (choice === 0 || choice === 1) {
    const route = choice === 0 ? Api.catalog.music : Api.catalog.loops;
    const body = run.json<{ data: { data: unknown[] } }>(
      'browse',
      await run.call('browse', route.method, urlOf(route, { query: { page, per_page: perPage } }), { token }),
    );
    run.check('browse', Array.isArray(body.data?.data), `${route.path} without data.data`);
  } else if (choice === 2) {
    const body = run.json<{ data: unknown[] }>(
      'browse',
      await run.call('browse', Api.catalog.albums.method, urlOf(Api.catalog.albums), { token }),
    );
    run.check('browse', Array.isArray(body.data), `${Api.catalog.albums.path} without data`);
  } else if (choice === 3) {
    const id = run.rng.pick(run.catalog.albums);
    const body = run.json<{ data: { current_album: { id: number } } }>(
      'browse',
      await run.call('browse', Api.catalog.album.method, urlOf(Api.catalog.album, { params: { id } }), { token }),
    );
    run.check(
      'browse',
      body.data?.current_album?.id === id,
      `${pathOf(Api.catalog.album, { id })} names another album`,
    );
  } else if (choice === 4) {
    const body = run.json<{ data: { data: { data: unknown[] } } }>(
      'browse',
      await run.call(
        'browse',
        Api.catalog.artists.method,
        urlOf(Api.catalog.artists, { query: { page: 1, per_page: perPage } }),
        { token },
      ),
    );
    run.check('browse', Array.isArray(body.data?.data?.data), `${Api.catalog.artists.path} without data.data.data`);
  } else {
    const id = run.rng.pick(run.catalog.artists);
    const body = run.json<{ data: { artist: { id: number } } }>(
      'browse',
      await run.call('browse', Api.catalog.artist.method, urlOf(Api.catalog.artist, { params: { id } }), { token }),
    );
    run.check('browse', body.data?.artist?.id === id, `${pathOf(Api.catalog.artist, { id })} names another artist`);
  }
}

async function search(run: LoadRun): Promise<void> {
  const token = run.rng.next() < 0.5 ? run.anyUser()?.token : undefined;
  const keyword = run.rng.pick(KEYWORDS);
  const type = run.rng.next() < 0.5 ? 'music' : 'loop';
  if (run.rng.next() < 0.5) {
    const body = run.json<{ data: unknown[]; total: number }>(
      'search',
      await run.call('search', Api.catalog.search.method, urlOf(Api.catalog.search), {
        token,
        json: { type, keyword, perPage: 10, page: 1 },
      }),
    );
    run.check('search', Array.isArray(body.data) && typeof body.total === 'number', 'filter without data/total');
  } else {
    const route = type === 'music' ? Api.catalog.music : Api.catalog.loops;
    const body = run.json<{ data: { data: unknown[] } }>(
      'search',
      await run.call('search', route.method, urlOf(route, { query: { keyword } }), { token }),
    );
    run.check('search', Array.isArray(body.data?.data), 'keyword list without data.data');
  }
}

async function stream(run: LoadRun): Promise<void> {
  const preview = run.rng.pick(run.catalog.previews);
  const a = run.rng.int(preview.size);
  const b = Math.min(preview.size - 1, a + run.rng.int(64 * 1024));
  const answer = await run.call('stream', 'GET', preview.path, {
    headers: { range: `bytes=${a}-${b}` },
    expect: 206,
  });
  run.check(
    'stream',
    answer.headers['content-range'] === `bytes ${a}-${b}/${preview.size}` && answer.body.length === b - a + 1,
    `asked bytes ${a}-${b}/${preview.size}, got ${answer.headers['content-range']} with ${answer.body.length} bytes`,
  );
}

async function login(run: LoadRun): Promise<void> {
  const user = await run.takeUser();
  try {
    const body = run.json<{ data: { user: { id: number }; token: string } }>(
      'login',
      await run.call('login', Api.auth.login.method, urlOf(Api.auth.login), {
        json: { email: user.email, password: user.password },
      }),
    );
    run.ledger.logins += 1;
    run.check('login', body.data?.user?.id === user.id && typeof body.data.token === 'string', 'another user');
    user.token = body.data.token;
  } finally {
    run.release(user);
  }
}

async function favourite(run: LoadRun): Promise<void> {
  const user = await run.takeUser();
  try {
    const track = run.rng.pick(run.catalog.music);
    const key = `${user.id}:${track}`;
    const before = run.ledger.favouriteToggles.get(key) ?? 0;
    const answer = await run.call('favourite', Api.library.favouriteMusic.method, urlOf(Api.library.favouriteMusic), {
      token: user.token,
      json: { music_id: track },
    });
    run.ledger.favouriteToggles.set(key, before + 1);
    run.ledger.toggles += 1;
    const body = run.json<{ data: { track_id: number; favorited: boolean } }>('favourite', answer);
    const expected = before % 2 === 0;
    run.check(
      'favourite',
      body.data?.favorited === expected && body.data.track_id === track,
      `toggle ${before + 1} of user ${user.id} track ${track} answered favorited=${body.data?.favorited}`,
    );
  } finally {
    run.release(user);
  }
}

async function playlist(run: LoadRun): Promise<void> {
  const user = await run.takeUser();
  try {
    const musicCount = run.catalog.music.length;
    let list = user.playlists[user.playlists.length - 1];
    if (!list || list.tracks.size >= musicCount || run.rng.next() < 0.08) {
      const name = `Soak ${++run.playlistCounter}`;
      const body = run.json<{ data: { id: number; name: string } }>(
        'playlist create',
        await run.call('playlist create', Api.library.createPlaylist.method, urlOf(Api.library.createPlaylist), {
          token: user.token,
          json: { name },
        }),
      );
      run.check('playlist create', Number.isInteger(body.data?.id) && body.data.name === name, 'no playlist id');
      run.ledger.playlists.add(body.data.id);
      list = { id: body.data.id, tracks: new Set() };
      user.playlists.push(list);
    } else if (run.rng.next() < 0.2) {
      list = run.rng.pick(user.playlists);
    }
    const track = run.rng.pick(run.catalog.music);
    const answer = await run.call('playlist add', Api.library.addMusic.method, urlOf(Api.library.addMusic), {
      token: user.token,
      json: { playlist_id: list.id, music_id: track },
    });
    const expected = !list.tracks.has(track);
    list.tracks.add(track);
    run.ledger.adds += 1;
    run.ledger.playlistItems.add(`${list.id}:${track}`);
    const body = run.json<{ data: { added: boolean } }>('playlist add', answer);
    run.check(
      'playlist add',
      body.data?.added === expected,
      `add of track ${track} to playlist ${list.id} answered added=${body.data?.added}`,
    );
  } finally {
    run.release(user);
  }
}

async function purchase(run: LoadRun): Promise<void> {
  const total = run.catalog.all.length;
  const user = await run.takeUser((u) => u.owned.size < total);
  try {
    const unowned = run.catalog.all.filter((id) => !user.owned.has(id));
    const track = run.rng.pick(unowned);
    const checkout = run.json<{ checkout_url: string; session_id: string }>(
      'checkout',
      await run.call('checkout', Api.commerce.checkout.method, urlOf(Api.commerce.checkout), {
        token: user.token,
        json: { music_id: track },
      }),
    );
    run.ledger.checkouts += 1;
    const id = checkout.session_id;
    run.check('checkout', /^cs_local_[a-f0-9]{24}$/.test(id ?? ''), `session id ${id}`);
    run.ledger.checkoutSessions.add(id);
    const page = run.json<{ data: { status: string; music_id: number } }>(
      'checkout page',
      await run.call(
        'checkout page',
        Api.localPayments.checkout.method,
        urlOf(Api.localPayments.checkout, { params: { id } }),
        { token: user.token },
      ),
    );
    run.check(
      'checkout page',
      page.data?.status === 'open' && page.data.music_id === track,
      `session ${id}: ${JSON.stringify(page.data)}`,
    );
    const paid = run.json<{ redirect_url: string }>(
      'pay',
      await run.call('pay', Api.localPayments.pay.method, urlOf(Api.localPayments.pay, { params: { id } }), {
        token: user.token,
        json: { ...CARD, cvc: '123', name: 'Load User' },
      }),
    );
    run.ledger.pays += 1;
    run.check('pay', typeof paid.redirect_url === 'string' && paid.redirect_url.includes(id), paid.redirect_url);
    // The success page's query, passed on as the web app does (session_id, music_id, price).
    const redirect = new URL(paid.redirect_url, run.base).searchParams;
    const query = {
      session_id: redirect.get('session_id'),
      music_id: redirect.get('music_id'),
      price: redirect.get('price'),
    };
    const confirmed = run.json<{
      data: { order_id: number; music_id: number; status: string; license_key: string | null };
    }>(
      'confirm',
      await run.call('confirm', Api.commerce.success.method, urlOf(Api.commerce.success, { query }), {
        token: user.token,
      }),
    );
    const order = confirmed.data;
    run.check(
      'confirm',
      order?.status === 'paid' && typeof order.license_key === 'string' && order.music_id === track,
      `session ${id}: ${JSON.stringify(order)}`,
    );
    run.check('confirm', !run.ledger.paidOrders.has(order.order_id), `order ${order.order_id} confirmed twice`);
    run.ledger.paidOrders.add(order.order_id);
    run.ledger.licenses.add(`${user.id}:${track}`);
    user.owned.add(track);
  } finally {
    run.release(user);
  }
}

export const SCENARIOS: Record<ScenarioName, (run: LoadRun) => Promise<void>> = {
  browse,
  search,
  stream,
  login,
  favourite,
  playlist,
  purchase,
};
