/**
 * Load and soak (issue #9 part 6): the real server in its own process, a mixed workload of virtual
 * users at a steady, open-loop arrival rate, its latency, errors and memory, and — after the server
 * has stopped — the database rows checked against the successful requests.
 *
 * Shared by `npm run bench:load` (bench/load/run.ts, 5 minutes) and the short version in the test suite
 * (apps/server/test/load/short-load.test.ts, ~15 s).
 *
 * The workload. Scenarios arrive as a Poisson process (exponential gaps from a seeded PRNG) at
 * `rate / mean requests per scenario` scenarios per second, so requests arrive at about `rate` per
 * second whatever the server answers (open loop; nothing waits for a free connection slot to send the
 * next arrival). A scenario is what one person does at that moment:
 *   browse     GET /api/music, /api/loop, /api/albums, /api/album/{id}, /api/artists, /api/artist/{id}
 *   search     POST /api/music/filter {type, keyword} or GET /api/music|loop?keyword=
 *   stream     GET a preview with a random `Range: bytes=a-b` (206, the exact bytes asked for)
 *   login      POST /api/api_login as one of the registered users (a new session)
 *   favourite  POST /api/music/favorite (a toggle; the answer must match the user's previous toggles)
 *   playlist   POST /api/playlists/add now and then (a new playlist), then POST /api/playlists/add-music
 *   purchase   POST /api/stripe/checkout → GET and POST /api/local-payments/checkout/{id}[/pay] with
 *              4242 4242 4242 4242 → GET /api/stripe/success (paid, with a license key)
 * Users are registered before warm-up. A user runs one scenario at a time, as a person does (so the
 * expected rows are exact); a scenario finding every user busy waits for one (counted and reported),
 * and a user is registered on the spot only when nobody can buy any more. Reads may share users.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows, type Database } from '../../apps/server/src/db/client.js';
// The fuzz suite's seeded PRNG (mulberry32): the same seed gives the same workload.
import { createPrng, type Prng } from '../../apps/server/test/fuzz/prng.js';
import { createThrowawayPostgres, freePort } from '../../apps/server/test/throwaway-postgres.js';
import { z } from 'zod';

type DbKind = 'pglite' | 'postgres';

export interface LoadOptions {
  kind: DbKind;
  /** PostgreSQL (kind postgres): the server on which a throwaway database is created and dropped. */
  adminUrl?: string;
  /** Target requests per second. */
  rate: number;
  /** The measured part, after warm-up. */
  durationS: number;
  /** The workload at the same rate before measuring (its requests count for the row checks). */
  warmupS: number;
  /** A DATA_DIR to use and keep (the test reuses one); default: a fresh folder under .tmp/, removed after. */
  dataDir?: string;
  /** Users registered before warm-up; default: enough for the expected purchases. */
  users?: number;
  seed?: number;
  /** The allowed growth of the server's RSS from the end of warm-up to the end of the run (0.10 = 10 %). */
  maxRssGrowth: number;
  /** Achieved requests per second at least this share of the target (default 0.9). */
  minThroughputRatio?: number;
  log?: (line: string) => void;
}

interface OpFigures {
  op: string;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface Check {
  name: string;
  expected: string;
  actual: string;
  pass: boolean;
}

interface MemorySample {
  atS: number;
  phase: Phase;
  rssKb: number;
}

export interface LoadReport {
  kind: DbKind;
  rate: number;
  durationS: number;
  warmupS: number;
  seed: number;
  usersAtStart: number;
  registeredDuringRun: number;
  measuredS: number;
  requests: number;
  achievedRps: number;
  overall: OpFigures;
  ops: OpFigures[];
  scenarios: Record<string, number>;
  /** `network`: requests without an answer (their effect on the database is unknown). */
  errors: { total: number; network: number; byPhase: Record<Phase, number>; samples: string[] };
  /** Scenarios that waited for a free virtual user (a sign the server fell behind), and the longest wait. */
  userWaits: { count: number; maxMs: number };
  /** Requests, p50, p95 and max latency per 10-s window of the measured phase (stalls show up here). */
  timeline: { fromS: number; requests: number; p50: number; p95: number; max: number }[];
  /** The largest delay between an arrival's planned time and its start (the generator keeping up). */
  maxLagMs: number;
  memory: { startKb: number; endKb: number; minKb: number; maxKb: number; growth: number; samples: MemorySample[] };
  ledger: LedgerSummary;
  checks: Check[];
  passed: boolean;
  serverLog: string[];
  serverExitCode: number | null;
  startupS: number;
}

interface LedgerSummary {
  registrations: number;
  logins: number;
  favouriteToggles: number;
  favouritesExpected: number;
  playlistsCreated: number;
  playlistAdds: number;
  playlistItemsExpected: number;
  checkouts: number;
  pays: number;
  purchases: number;
}

type Phase = 'setup' | 'warmup' | 'measure' | 'drain';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** LOAD_SERVER_ROOT measures another checkout of the repository (e.g. a `git archive` of a commit). */
const serverRoot = path.resolve(process.env.LOAD_SERVER_ROOT ?? repoRoot);
const mainTs = path.join(serverRoot, 'apps/server/src/main.ts');

/** Scenario weights (per arrival) and the requests each makes (purchase: 4; playlist: 1 + new playlists). */
const MIX = [
  { name: 'browse', weight: 34, requests: 1 },
  { name: 'search', weight: 16, requests: 1 },
  { name: 'stream', weight: 18, requests: 1 },
  { name: 'login', weight: 3, requests: 1 },
  { name: 'favourite', weight: 12, requests: 1 },
  { name: 'playlist', weight: 10, requests: 1.1 },
  { name: 'purchase', weight: 7, requests: 4 },
] as const;
type ScenarioName = (typeof MIX)[number]['name'];
const totalWeight = MIX.reduce((s, m) => s + m.weight, 0);
const REQUESTS_PER_SCENARIO = MIX.reduce((s, m) => s + (m.weight / totalWeight) * m.requests, 0);

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
const PASSWORD_PREFIX = 'Soak-test-pass-';

// ---------------------------------------------------------------------------------------------
// Small helpers

type Rng = Prng;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function figures(op: string, latencies: number[], errors: number): OpFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    op,
    count: sorted.length,
    errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

/** VmRSS of a process in kB (Linux /proc), or null when it is gone. */
export async function readRssKb(pid: number): Promise<number | null> {
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The server process and its database

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  base: string;
  /** Lines printed after "Tarab is serving" (LOG_LEVEL=warn: warnings and errors only). */
  laterOutput: string[];
  startupS: number;
  stop(): Promise<number | null>;
}

export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  // DATABASE_URL and payment settings of the caller's shell must not leak into the run.
  const {
    DATABASE_URL: _db,
    STRIPE_SECRET_KEY: _sk,
    STRIPE_PUBLISHABLE_KEY: _pk,
    STRIPE_WEBHOOK_SECRET: _wh,
    STRIPE_API_URL: _api,
    ...inherited
  } = process.env;
  // `node --import tsx` rather than the tsx binary: the same loader, but the spawned pid is the server
  // itself (the tsx binary runs the server in a child process), so /proc/<pid>/status is its memory.
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: serverRoot,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = performance.now();
  let out = '';
  let ready = false;
  const laterOutput: string[] = [];
  const onData = (d: Buffer) => {
    const text = d.toString();
    if (ready) {
      for (const line of text.split('\n')) if (line.trim() !== '' && laterOutput.length < 1000) laterOutput.push(line);
    } else {
      out += text;
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 300_000;
  while (!out.includes('Tarab is serving at')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 300 s:\n${out}`);
    }
    await sleep(100);
  }
  ready = true;
  const startupS = (performance.now() - started) / 1000;
  return {
    child,
    pid: child.pid!,
    base: `http://127.0.0.1:${port}`,
    laterOutput,
    startupS,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

interface PreparedDb {
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function prepareDatabase(kind: DbKind, dataDir: string, adminUrl: string | undefined): Promise<PreparedDb> {
  if (kind === 'pglite') {
    return {
      env: {},
      open: () => openDatabase({ dataDir: path.join(dataDir, 'db') }),
      cleanup: async () => {},
    };
  }
  if (!adminUrl) throw new Error('PostgreSQL needs a server URL');
  const throwaway = await createThrowawayPostgres(adminUrl, 'tarab_load');
  return {
    env: { DATABASE_URL: throwaway.url },
    open: () => openDatabase({ url: throwaway.url, poolSize: 2 }),
    cleanup: throwaway.drop,
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

class Abort extends Error {}

interface VUser {
  id: number;
  email: string;
  password: string;
  token: string;
  playlists: { id: number; tracks: Set<number> }[];
  owned: Set<number>;
}

interface Catalog {
  music: number[];
  loops: number[];
  all: number[];
  albums: number[];
  artists: number[];
  previews: { path: string; size: number }[];
}

class Ledger {
  registrations = 0;
  registeredIds = new Set<number>();
  logins = 0;
  /** Successful toggles per "user:track". */
  favouriteToggles = new Map<string, number>();
  toggles = 0;
  playlists = new Set<number>();
  /** Distinct "playlist:track" among successful adds. */
  playlistItems = new Set<string>();
  adds = 0;
  checkouts = 0;
  checkoutSessions = new Set<string>();
  pays = 0;
  paidOrders = new Set<number>();
  /** Distinct "user:track" among confirmed purchases. */
  licenses = new Set<string>();

  favouritesExpected(): Set<string> {
    return new Set([...this.favouriteToggles].filter(([, n]) => n % 2 === 1).map(([k]) => k));
  }

  summary(): LedgerSummary {
    return {
      registrations: this.registrations,
      logins: this.logins,
      favouriteToggles: this.toggles,
      favouritesExpected: this.favouritesExpected().size,
      playlistsCreated: this.playlists.size,
      playlistAdds: this.adds,
      playlistItemsExpected: this.playlistItems.size,
      checkouts: this.checkouts,
      pays: this.pays,
      purchases: this.paidOrders.size,
    };
  }
}

export class LoadRun {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  readonly rng: Rng;
  readonly tag: string;
  phase: Phase = 'setup';
  readonly latencies = new Map<string, number[]>();
  readonly opErrors = new Map<string, number>();
  readonly scenarios: Record<string, number> = {};
  errorCount = 0;
  networkErrors = 0;
  readonly errorsByPhase: Record<Phase, number> = { setup: 0, warmup: 0, measure: 0, drain: 0 };
  readonly errorSamples: string[] = [];
  measuredRequests = 0;
  /** Start of the measured phase (performance.now()), for the timeline. */
  measureStart = 0;
  /** Latencies of measured requests by the 10-s window in which they started. */
  readonly windows: number[][] = [];
  readonly users: VUser[] = [];
  readonly idle: VUser[] = [];
  readonly ledger = new Ledger();
  registeredDuringRun = 0;
  readonly waiters: { accept: (u: VUser) => boolean; resolve: (u: VUser | Promise<VUser>) => void }[] = [];
  /** Scenarios that waited for a virtual user to become free, and the longest wait. */
  userWaits = 0;
  maxUserWaitMs = 0;
  catalog: Catalog = { music: [], loops: [], all: [], albums: [], artists: [], previews: [] };
  readonly inflight = new Set<Promise<void>>();
  maxLagMs = 0;
  private userCounter = 0;
  private playlistCounter = 0;

  constructor(
    readonly base: string,
    seed: number,
  ) {
    this.rng = createPrng(seed);
    this.tag = `${Date.now().toString(36)}${seed.toString(36)}`;
  }

  fail(op: string, detail: string): never {
    this.errorCount += 1;
    this.errorsByPhase[this.phase] += 1;
    this.opErrors.set(op, (this.opErrors.get(op) ?? 0) + 1);
    if (this.errorSamples.length < 40) this.errorSamples.push(`[${this.phase}] ${op}: ${detail}`);
    throw new Abort(detail);
  }

  /** One request; any status but `expect` (or a network error) is an error and ends the scenario. */
  async call(
    op: string,
    method: 'GET' | 'POST',
    urlPath: string,
    options: { token?: string; json?: unknown; headers?: Record<string, string>; expect?: number } = {},
  ): Promise<Answer> {
    const phase = this.phase;
    const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(body.length);
    }
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await new Promise<Answer>((resolve, reject) => {
        const req = http.request(this.base + urlPath, { method, headers, agent: this.agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        });
        req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
        req.on('error', reject);
        req.end(body);
      });
    } catch (error) {
      this.networkErrors += 1;
      this.fail(op, `${method} ${urlPath}: network error ${(error as Error).message}`);
    }
    const ms = performance.now() - started;
    if (phase === 'measure') {
      this.measuredRequests += 1;
      let list = this.latencies.get(op);
      if (!list) this.latencies.set(op, (list = []));
      list.push(ms);
      const w = Math.max(0, Math.floor((started - this.measureStart) / 10_000));
      (this.windows[w] ??= []).push(ms);
    }
    const expected = options.expect ?? 200;
    if (answer.status !== expected) {
      this.fail(
        op,
        `${method} ${urlPath}: status ${answer.status} (expected ${expected}) ${answer.body.toString('utf8').slice(0, 200)}`,
      );
    }
    return answer;
  }

  json<T>(op: string, answer: Answer): T {
    try {
      return JSON.parse(answer.body.toString('utf8')) as T;
    } catch {
      this.fail(op, `not JSON: ${answer.body.toString('utf8').slice(0, 120)}`);
    }
  }

  check(op: string, ok: boolean, detail: string): void {
    if (!ok) this.fail(op, `unexpected answer: ${detail}`);
  }

  // ---- setup ----------------------------------------------------------------------------------

  async loadCatalog(): Promise<void> {
    type Page = { data: { data: { id: number; cr_public_id: string }[] } };
    const music = this.json<Page>('setup', await this.call('setup', 'GET', '/api/music?per_page=100'));
    const loops = this.json<Page>('setup', await this.call('setup', 'GET', '/api/loop?per_page=100'));
    const albums = this.json<{ data: { id: number }[] }>('setup', await this.call('setup', 'GET', '/api/albums'));
    const artists = this.json<{ data: { data: { data: { id: number }[] } } }>(
      'setup',
      await this.call('setup', 'GET', '/api/artists'),
    );
    const tracks = [...music.data.data, ...loops.data.data];
    this.catalog.music = music.data.data.map((t) => t.id);
    this.catalog.loops = loops.data.data.map((t) => t.id);
    this.catalog.all = tracks.map((t) => t.id);
    this.catalog.albums = albums.data.map((a) => a.id);
    this.catalog.artists = artists.data.data.data.map((a) => a.id);
    this.check(
      'setup',
      this.catalog.music.length > 0 && this.catalog.loops.length > 0 && this.catalog.albums.length > 0,
      'an empty catalog',
    );
    for (const t of tracks) {
      const previewPath = new URL(t.cr_public_id, this.base).pathname;
      const head = await this.call('setup', 'GET', previewPath, { headers: { range: 'bytes=0-0' }, expect: 206 });
      const size = Number(/\/(\d+)$/.exec(String(head.headers['content-range'] ?? ''))?.[1]);
      this.check('setup', Number.isFinite(size) && size > 1, `content-range ${head.headers['content-range']}`);
      this.catalog.previews.push({ path: previewPath, size });
    }
  }

  async register(op: string): Promise<VUser> {
    const n = ++this.userCounter;
    const email = `load-${this.tag}-${n}@load.tarab.test`;
    const password = `${PASSWORD_PREFIX}${this.tag}-${n}`;
    const answer = await this.call(op, 'POST', '/api/register', {
      json: { name: `Load User ${n}`, email, password, password_confirmation: password },
    });
    const body = this.json<{ data: { user: { id: number }; token: string } }>(op, answer);
    this.check(op, typeof body.data?.token === 'string' && Number.isInteger(body.data.user?.id), 'no user or token');
    this.ledger.registrations += 1;
    this.ledger.registeredIds.add(body.data.user.id);
    const user: VUser = {
      id: body.data.user.id,
      email,
      password,
      token: body.data.token,
      playlists: [],
      owned: new Set(),
    };
    this.users.push(user);
    return user;
  }

  async registerUsers(count: number): Promise<void> {
    const queue = Array.from({ length: count }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (queue.shift() !== undefined) this.idle.push(await this.register('register'));
      }),
    );
  }

  // ---- users ---------------------------------------------------------------------------------

  /**
   * An idle user that `accept`s (busy until released). When all such users are busy the scenario
   * waits for one: registering people on the spot would add password hashing to an overloaded
   * server. Only when no user at all qualifies (everyone owns every track) is one registered.
   */
  async takeUser(accept: (u: VUser) => boolean = () => true): Promise<VUser> {
    const start = this.rng.int(Math.max(1, this.idle.length));
    for (let i = 0; i < this.idle.length; i++) {
      const index = (start + i) % this.idle.length;
      const user = this.idle[index]!;
      if (accept(user)) {
        this.idle[index] = this.idle[this.idle.length - 1]!;
        this.idle.pop();
        return user;
      }
    }
    if (this.users.some(accept)) {
      const since = performance.now();
      const user = await new Promise<VUser>((resolve) => this.waiters.push({ accept, resolve }));
      this.userWaits += 1;
      this.maxUserWaitMs = Math.max(this.maxUserWaitMs, performance.now() - since);
      return user;
    }
    this.registeredDuringRun += 1;
    return this.register('register');
  }

  release(user: VUser): void {
    const i = this.waiters.findIndex((w) => w.accept(user));
    if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(user);
    else this.idle.push(user);
    // A waiter no user can serve any more (the last one able to buy has bought everything): a new user.
    for (const w of [...this.waiters]) {
      if (this.users.some(w.accept)) continue;
      this.waiters.splice(this.waiters.indexOf(w), 1);
      this.registeredDuringRun += 1;
      w.resolve(this.register('register'));
    }
  }

  anyUser(): VUser | undefined {
    return this.users.length > 0 ? this.rng.pick(this.users) : undefined;
  }

  // ---- scenarios -----------------------------------------------------------------------------

  async browse(): Promise<void> {
    const token = this.rng.next() < 0.5 ? this.anyUser()?.token : undefined;
    const choice = this.rng.int(6);
    const page = 1 + this.rng.int(2);
    const perPage = this.rng.pick([10, 20, 50]);
    if (choice === 0 || choice === 1) {
      const kind = choice === 0 ? 'music' : 'loop';
      const body = this.json<{ data: { data: unknown[] } }>(
        'browse',
        await this.call('browse', 'GET', `/api/${kind}?page=${page}&per_page=${perPage}`, { token }),
      );
      this.check('browse', Array.isArray(body.data?.data), `/api/${kind} without data.data`);
    } else if (choice === 2) {
      const body = this.json<{ data: unknown[] }>('browse', await this.call('browse', 'GET', '/api/albums', { token }));
      this.check('browse', Array.isArray(body.data), '/api/albums without data');
    } else if (choice === 3) {
      const id = this.rng.pick(this.catalog.albums);
      const body = this.json<{ data: { current_album: { id: number } } }>(
        'browse',
        await this.call('browse', 'GET', `/api/album/${id}`, { token }),
      );
      this.check('browse', body.data?.current_album?.id === id, `/api/album/${id} names another album`);
    } else if (choice === 4) {
      const body = this.json<{ data: { data: { data: unknown[] } } }>(
        'browse',
        await this.call('browse', 'GET', `/api/artists?page=1&per_page=${perPage}`, { token }),
      );
      this.check('browse', Array.isArray(body.data?.data?.data), '/api/artists without data.data.data');
    } else {
      const id = this.rng.pick(this.catalog.artists);
      const body = this.json<{ data: { artist: { id: number } } }>(
        'browse',
        await this.call('browse', 'GET', `/api/artist/${id}`, { token }),
      );
      this.check('browse', body.data?.artist?.id === id, `/api/artist/${id} names another artist`);
    }
  }

  async search(): Promise<void> {
    const token = this.rng.next() < 0.5 ? this.anyUser()?.token : undefined;
    const keyword = this.rng.pick(KEYWORDS);
    const type = this.rng.next() < 0.5 ? 'music' : 'loop';
    if (this.rng.next() < 0.5) {
      const body = this.json<{ data: unknown[]; total: number }>(
        'search',
        await this.call('search', 'POST', '/api/music/filter', {
          token,
          json: { type, keyword, perPage: 10, page: 1 },
        }),
      );
      this.check('search', Array.isArray(body.data) && typeof body.total === 'number', 'filter without data/total');
    } else {
      const body = this.json<{ data: { data: unknown[] } }>(
        'search',
        await this.call('search', 'GET', `/api/${type}?keyword=${encodeURIComponent(keyword)}`, { token }),
      );
      this.check('search', Array.isArray(body.data?.data), 'keyword list without data.data');
    }
  }

  async stream(): Promise<void> {
    const preview = this.rng.pick(this.catalog.previews);
    const a = this.rng.int(preview.size);
    const b = Math.min(preview.size - 1, a + this.rng.int(64 * 1024));
    const answer = await this.call('stream', 'GET', preview.path, {
      headers: { range: `bytes=${a}-${b}` },
      expect: 206,
    });
    this.check(
      'stream',
      answer.headers['content-range'] === `bytes ${a}-${b}/${preview.size}` && answer.body.length === b - a + 1,
      `asked bytes ${a}-${b}/${preview.size}, got ${answer.headers['content-range']} with ${answer.body.length} bytes`,
    );
  }

  async login(): Promise<void> {
    const user = await this.takeUser();
    try {
      const body = this.json<{ data: { user: { id: number }; token: string } }>(
        'login',
        await this.call('login', 'POST', '/api/api_login', { json: { email: user.email, password: user.password } }),
      );
      this.ledger.logins += 1;
      this.check('login', body.data?.user?.id === user.id && typeof body.data.token === 'string', 'another user');
      user.token = body.data.token;
    } finally {
      this.release(user);
    }
  }

  async favourite(): Promise<void> {
    const user = await this.takeUser();
    try {
      const track = this.rng.pick(this.catalog.music);
      const key = `${user.id}:${track}`;
      const before = this.ledger.favouriteToggles.get(key) ?? 0;
      const answer = await this.call('favourite', 'POST', '/api/music/favorite', {
        token: user.token,
        json: { music_id: track },
      });
      this.ledger.favouriteToggles.set(key, before + 1);
      this.ledger.toggles += 1;
      const body = this.json<{ data: { track_id: number; favorited: boolean } }>('favourite', answer);
      const expected = before % 2 === 0;
      this.check(
        'favourite',
        body.data?.favorited === expected && body.data.track_id === track,
        `toggle ${before + 1} of user ${user.id} track ${track} answered favorited=${body.data?.favorited}`,
      );
    } finally {
      this.release(user);
    }
  }

  async playlist(): Promise<void> {
    const user = await this.takeUser();
    try {
      const musicCount = this.catalog.music.length;
      let list = user.playlists[user.playlists.length - 1];
      if (!list || list.tracks.size >= musicCount || this.rng.next() < 0.08) {
        const name = `Soak ${++this.playlistCounter}`;
        const body = this.json<{ data: { id: number; name: string } }>(
          'playlist create',
          await this.call('playlist create', 'POST', '/api/playlists/add', { token: user.token, json: { name } }),
        );
        this.check('playlist create', Number.isInteger(body.data?.id) && body.data.name === name, 'no playlist id');
        this.ledger.playlists.add(body.data.id);
        list = { id: body.data.id, tracks: new Set() };
        user.playlists.push(list);
      } else if (this.rng.next() < 0.2) {
        list = this.rng.pick(user.playlists);
      }
      const track = this.rng.pick(this.catalog.music);
      const answer = await this.call('playlist add', 'POST', '/api/playlists/add-music', {
        token: user.token,
        json: { playlist_id: list.id, music_id: track },
      });
      const expected = !list.tracks.has(track);
      list.tracks.add(track);
      this.ledger.adds += 1;
      this.ledger.playlistItems.add(`${list.id}:${track}`);
      const body = this.json<{ data: { added: boolean } }>('playlist add', answer);
      this.check(
        'playlist add',
        body.data?.added === expected,
        `add of track ${track} to playlist ${list.id} answered added=${body.data?.added}`,
      );
    } finally {
      this.release(user);
    }
  }

  async purchase(): Promise<void> {
    const total = this.catalog.all.length;
    const user = await this.takeUser((u) => u.owned.size < total);
    try {
      const unowned = this.catalog.all.filter((id) => !user.owned.has(id));
      const track = this.rng.pick(unowned);
      const checkout = this.json<{ checkout_url: string; session_id: string }>(
        'checkout',
        await this.call('checkout', 'POST', '/api/stripe/checkout', { token: user.token, json: { music_id: track } }),
      );
      this.ledger.checkouts += 1;
      const id = checkout.session_id;
      this.check('checkout', /^cs_local_[a-f0-9]{24}$/.test(id ?? ''), `session id ${id}`);
      this.ledger.checkoutSessions.add(id);
      const page = this.json<{ data: { status: string; music_id: number } }>(
        'checkout page',
        await this.call('checkout page', 'GET', `/api/local-payments/checkout/${id}`, { token: user.token }),
      );
      this.check(
        'checkout page',
        page.data?.status === 'open' && page.data.music_id === track,
        `session ${id}: ${JSON.stringify(page.data)}`,
      );
      const paid = this.json<{ redirect_url: string }>(
        'pay',
        await this.call('pay', 'POST', `/api/local-payments/checkout/${id}/pay`, {
          token: user.token,
          json: { ...CARD, cvc: '123', name: 'Load User' },
        }),
      );
      this.ledger.pays += 1;
      this.check('pay', typeof paid.redirect_url === 'string' && paid.redirect_url.includes(id), paid.redirect_url);
      const search = new URL(paid.redirect_url, this.base).search;
      const confirmed = this.json<{
        data: { order_id: number; music_id: number; status: string; license_key: string | null };
      }>('confirm', await this.call('confirm', 'GET', `/api/stripe/success${search}`, { token: user.token }));
      const order = confirmed.data;
      this.check(
        'confirm',
        order?.status === 'paid' && typeof order.license_key === 'string' && order.music_id === track,
        `session ${id}: ${JSON.stringify(order)}`,
      );
      this.check('confirm', !this.ledger.paidOrders.has(order.order_id), `order ${order.order_id} confirmed twice`);
      this.ledger.paidOrders.add(order.order_id);
      this.ledger.licenses.add(`${user.id}:${track}`);
      user.owned.add(track);
    } finally {
      this.release(user);
    }
  }

  pickScenario(): ScenarioName {
    let x = this.rng.next() * totalWeight;
    for (const m of MIX) {
      x -= m.weight;
      if (x < 0) return m.name;
    }
    return 'browse';
  }

  launch(): void {
    const name = this.pickScenario();
    this.scenarios[name] = (this.scenarios[name] ?? 0) + 1;
    const run = async () => {
      try {
        await this[name]();
      } catch (error) {
        if (!(error instanceof Abort)) {
          this.errorCount += 1;
          this.errorsByPhase[this.phase] += 1;
          if (this.errorSamples.length < 40) this.errorSamples.push(`[${this.phase}] ${name}: ${String(error)}`);
        }
      }
    };
    const p: Promise<void> = run().finally(() => this.inflight.delete(p));
    this.inflight.add(p);
  }

  /** Open loop: scenarios start at Poisson arrival times, whether or not earlier ones have finished. */
  async drive(seconds: number, rate: number): Promise<void> {
    const scenarioRate = rate / REQUESTS_PER_SCENARIO;
    const start = performance.now();
    const end = start + seconds * 1000;
    let next = start;
    for (;;) {
      const now = performance.now();
      if (now >= end) break;
      while (next <= now) {
        this.maxLagMs = Math.max(this.maxLagMs, now - next);
        this.launch();
        next += (-Math.log(1 - this.rng.next()) / scenarioRate) * 1000;
      }
      await sleep(Math.min(next, end) - performance.now());
    }
  }

  async drain(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.inflight.size > 0 && Date.now() < deadline) await Promise.race([...this.inflight, sleep(250)]);
    if (this.inflight.size > 0) {
      this.errorCount += this.inflight.size;
      this.errorsByPhase.drain += this.inflight.size;
      this.errorSamples.push(`[drain] ${this.inflight.size} scenarios still unanswered after ${timeoutMs / 1000} s`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Row checks

export async function checkRows(database: Database, run: LoadRun): Promise<Check[]> {
  const db = database.db;
  const like = `load-${run.tag}-%`;
  const ledger = run.ledger;
  const checks: Check[] = [];
  const sameSet = (name: string, expected: Set<string | number>, actual: (string | number)[]) => {
    const actualSet = new Set(actual.map(String));
    const expectedSet = new Set([...expected].map(String));
    const missing = [...expectedSet].filter((k) => !actualSet.has(k));
    const extra = [...actualSet].filter((k) => !expectedSet.has(k));
    const duplicates = actual.length - actualSet.size;
    const pass = missing.length === 0 && extra.length === 0 && duplicates === 0;
    const detail = pass
      ? ''
      : ` (missing ${missing.length}: ${missing.slice(0, 5).join(', ')}; extra ${extra.length}: ${extra.slice(0, 5).join(', ')}; duplicates ${duplicates})`;
    checks.push({ name, expected: String(expectedSet.size), actual: `${actual.length}${detail}`, pass });
  };
  const count = (name: string, expected: number, actual: number) =>
    checks.push({ name, expected: String(expected), actual: String(actual), pass: expected === actual });

  const users = await selectRows(db, z.object({ id: z.number() }), sql`select id from users where email like ${like}`);
  sameSet(
    'users = successful registrations',
    ledger.registeredIds,
    users.map((u) => u.id),
  );

  const [sessions] = await selectRows(
    db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email like ${like}`,
  );
  count('sessions = registrations + logins', ledger.registrations + ledger.logins, sessions?.n ?? -1);

  const favs = await selectRows(
    db,
    z.object({ k: z.string() }),
    sql`select f.user_id || ':' || f.track_id as k from favourites f join users u on u.id = f.user_id
        where u.email like ${like}`,
  );
  sameSet(
    'favourites = (user, track) pairs with an odd number of toggles',
    ledger.favouritesExpected(),
    favs.map((r) => r.k),
  );

  const playlists = await selectRows(
    db,
    z.object({ id: z.number() }),
    sql`select p.id from playlists p join users u on u.id = p.user_id where u.email like ${like}`,
  );
  sameSet(
    'playlists = successful creates',
    ledger.playlists,
    playlists.map((p) => p.id),
  );

  const items = await selectRows(
    db,
    z.object({ k: z.string() }),
    sql`select pi.playlist_id || ':' || pi.track_id as k from playlist_items pi
        join playlists p on p.id = pi.playlist_id join users u on u.id = p.user_id where u.email like ${like}`,
  );
  sameSet(
    'playlist_items = distinct successful adds',
    ledger.playlistItems,
    items.map((r) => r.k),
  );

  const orders = await selectRows(
    db,
    z.object({ id: z.number(), status: z.string(), ref: z.string() }),
    sql`select o.id, o.status, o.provider_ref as ref from orders o join users u on u.id = o.user_id
        where u.email like ${like}`,
  );
  sameSet(
    'orders = successful checkouts',
    ledger.checkoutSessions,
    orders.map((o) => o.ref),
  );
  sameSet(
    'orders with status paid = successful purchases',
    ledger.paidOrders,
    orders.filter((o) => o.status === 'paid').map((o) => o.id),
  );

  const licenses = await selectRows(
    db,
    z.object({ k: z.string(), paid: z.boolean() }),
    sql`select l.user_id || ':' || l.track_id as k, (o.status = 'paid' and l.revoked_at is null) as paid
        from licenses l join users u on u.id = l.user_id left join orders o on o.id = l.order_id
        where u.email like ${like}`,
  );
  sameSet(
    'licenses = distinct purchased (user, track)',
    ledger.licenses,
    licenses.map((l) => l.k),
  );
  count('licenses tied to a paid order', licenses.length, licenses.filter((l) => l.paid).length);

  const [complete] = await selectRows(
    db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from local_payment_sessions s join users u on u.id = s.user_id
        where u.email like ${like} and s.kind = 'checkout' and s.status = 'complete'`,
  );
  count('completed local checkouts = successful payments', ledger.pays, complete?.n ?? -1);
  return checks;
}

// ---------------------------------------------------------------------------------------------
// The run

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? 20261122;
  const ownDataDir = !options.dataDir;
  const dataDir =
    options.dataDir ??
    path.join(repoRoot, '.tmp', `load-${options.kind}-${Date.now().toString(36)}-${process.pid.toString(36)}`);
  await fs.mkdir(dataDir, { recursive: true });
  const prepared = await prepareDatabase(options.kind, dataDir, options.adminUrl);
  let server: RunningServer | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    log(`starting the server (${options.kind}, DATA_DIR ${path.relative(repoRoot, dataDir) || dataDir})…`);
    server = await startServer(
      {
        DATA_DIR: dataDir,
        DEMO_CATALOG: 'small',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        PAYMENTS: 'local',
        // The load registers and logs in many users from one address.
        REGISTER_MAX_PER_WINDOW: '1000000',
        AUTH_MAX_FAILURES: '1000000',
        ...prepared.env,
      },
      await freePort(),
    );
    log(`server pid ${server.pid} ready in ${server.startupS.toFixed(1)} s`);
    const run = new LoadRun(server.base, seed);
    const pid = server.pid;
    const t0 = performance.now();
    const samples: MemorySample[] = [];
    const sample = async () => {
      const rssKb = await readRssKb(pid);
      if (rssKb !== null) samples.push({ atS: (performance.now() - t0) / 1000, phase: run.phase, rssKb });
      return rssKb;
    };
    sampler = setInterval(() => void sample(), 5_000);
    await sample();

    await run.loadCatalog();
    const expectedPurchases =
      ((options.rate / REQUESTS_PER_SCENARIO) * (options.durationS + options.warmupS) * 7) / totalWeight;
    const users = options.users ?? Math.max(32, Math.ceil(expectedPurchases / (0.75 * run.catalog.all.length)) + 12);
    log(
      `catalog: ${run.catalog.music.length} music, ${run.catalog.loops.length} loops, ${run.catalog.albums.length} albums; registering ${users} users…`,
    );
    await run.registerUsers(users);

    log(`warm-up: ${options.warmupS} s at ${options.rate} req/s`);
    run.phase = 'warmup';
    await run.drive(options.warmupS, options.rate);
    run.phase = 'measure';
    const startKb = (await sample()) ?? 0;
    log(`measuring: ${options.durationS} s at ${options.rate} req/s (RSS at start ${(startKb / 1024).toFixed(1)} MiB)`);
    const measureStart = performance.now();
    run.measureStart = measureStart;
    const progress = setInterval(() => {
      const last = samples[samples.length - 1];
      log(
        `  ${((performance.now() - measureStart) / 1000).toFixed(0)} s: ${run.measuredRequests} requests, ${run.errorCount} errors, ${run.inflight.size} in flight, RSS ${last ? (last.rssKb / 1024).toFixed(1) : '?'} MiB`,
      );
    }, 30_000);
    await run.drive(options.durationS, options.rate);
    const measuredS = (performance.now() - measureStart) / 1000;
    const endKb = (await sample()) ?? 0;
    clearInterval(progress);
    run.phase = 'drain';
    clearInterval(sampler);
    sampler = undefined;
    await run.drain(60_000);
    run.agent.destroy();

    const serverExitCode = await server.stop();
    const serverLog = server.laterOutput;
    log(`server stopped (exit code ${serverExitCode}); checking the database rows…`);
    const database = await prepared.open();
    let rowChecks: Check[];
    try {
      rowChecks = await checkRows(database, run);
    } finally {
      await database.close();
    }

    const all: number[] = [];
    const ops: OpFigures[] = [];
    for (const [op, list] of [...run.latencies].sort(([a], [b]) => a.localeCompare(b))) {
      all.push(...list);
      ops.push(figures(op, list, run.opErrors.get(op) ?? 0));
    }
    for (const [op, n] of run.opErrors) if (!run.latencies.has(op)) ops.push(figures(op, [], n));
    const measured = samples.filter((s) => s.phase === 'measure');
    const rss = measured.map((s) => s.rssKb);
    const growth = startKb > 0 ? endKb / startKb - 1 : 0;
    const achievedRps = run.measuredRequests / measuredS;
    const minRatio = options.minThroughputRatio ?? 0.9;
    const checks: Check[] = [
      {
        name: 'errors (unexpected status, answer or network error)',
        expected: '0',
        actual: String(run.errorCount),
        pass: run.errorCount === 0,
      },
      {
        name: `throughput ≥ ${Math.round(minRatio * 100)} % of the target`,
        expected: `≥ ${(minRatio * options.rate).toFixed(1)} req/s`,
        actual: `${achievedRps.toFixed(1)} req/s`,
        pass: achievedRps >= minRatio * options.rate,
      },
      {
        name: `server RSS growth ≤ ${Math.round(options.maxRssGrowth * 100)} % (end of warm-up → end)`,
        expected: `≤ ${((startKb * (1 + options.maxRssGrowth)) / 1024).toFixed(1)} MiB`,
        actual: `${(endKb / 1024).toFixed(1)} MiB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %)`,
        pass: startKb > 0 && growth <= options.maxRssGrowth,
      },
      {
        name: 'server exits cleanly on SIGTERM',
        expected: '0',
        actual: String(serverExitCode),
        pass: serverExitCode === 0,
      },
      ...rowChecks,
    ];
    return {
      kind: options.kind,
      rate: options.rate,
      durationS: options.durationS,
      warmupS: options.warmupS,
      seed,
      usersAtStart: users,
      registeredDuringRun: run.registeredDuringRun,
      measuredS,
      requests: run.measuredRequests,
      achievedRps,
      overall: figures('all', all, run.errorsByPhase.measure),
      ops,
      scenarios: run.scenarios,
      errors: {
        total: run.errorCount,
        network: run.networkErrors,
        byPhase: run.errorsByPhase,
        samples: run.errorSamples,
      },
      timeline: Array.from(run.windows, (list, i) => {
        const f = figures('window', list ?? [], 0);
        return { fromS: i * 10, requests: f.count, p50: f.p50, p95: f.p95, max: f.max };
      }),
      userWaits: { count: run.userWaits, maxMs: run.maxUserWaitMs },
      maxLagMs: run.maxLagMs,
      memory: {
        startKb,
        endKb,
        minKb: rss.length ? Math.min(...rss) : 0,
        maxKb: rss.length ? Math.max(...rss) : 0,
        growth,
        samples,
      },
      ledger: run.ledger.summary(),
      checks,
      passed: checks.every((c) => c.pass),
      serverLog,
      serverExitCode,
      startupS: server.startupS,
    };
  } finally {
    if (sampler) clearInterval(sampler);
    if (server) await server.stop();
    await prepared.cleanup();
    if (ownDataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** The report as printed lines: what ran, the figures, then one PASS/FAIL line per check. */
export function formatReport(r: LoadReport): string[] {
  const mib = (kb: number) => `${(kb / 1024).toFixed(1)} MiB`;
  const ms = (v: number) => v.toFixed(1).padStart(8);
  const lines: string[] = [];
  lines.push(
    `== load (${r.kind}): target ${r.rate} req/s, ${r.durationS} s measured after ${r.warmupS} s warm-up, seed ${r.seed}`,
  );
  lines.push(
    `users: ${r.usersAtStart} registered before warm-up, ${r.registeredDuringRun} more during the run; server ready in ${r.startupS.toFixed(1)} s`,
  );
  lines.push(
    `throughput: ${r.achievedRps.toFixed(1)} req/s achieved of ${r.rate} target (${r.requests} requests in ${r.measuredS.toFixed(1)} s); generator lag max ${r.maxLagMs.toFixed(0)} ms`,
  );
  lines.push(
    `scenarios that waited for a free virtual user: ${r.userWaits.count} (longest ${r.userWaits.maxMs.toFixed(0)} ms)`,
  );
  lines.push(
    `scenarios started: ${Object.entries(r.scenarios)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  lines.push('');
  lines.push('operation          requests  errors   p50 ms   p95 ms   p99 ms   max ms');
  for (const f of [...r.ops, r.overall]) {
    lines.push(
      `${(f.op === 'all' ? 'ALL' : f.op).padEnd(17)} ${String(f.count).padStart(9)} ${String(f.errors).padStart(7)} ${ms(f.p50)} ${ms(f.p95)} ${ms(f.p99)} ${ms(f.max)}`,
    );
  }
  lines.push(`p95 ms by 10-s window: ${r.timeline.map((w) => w.p95.toFixed(0)).join(' ')}`);
  lines.push('');
  lines.push(
    `errors: ${r.errors.total} (setup ${r.errors.byPhase.setup}, warm-up ${r.errors.byPhase.warmup}, measured ${r.errors.byPhase.measure}, drain ${r.errors.byPhase.drain})`,
  );
  for (const s of r.errors.samples.slice(0, 20)) lines.push(`  ${s}`);
  lines.push(
    `server RSS: start ${mib(r.memory.startKb)}, end ${mib(r.memory.endKb)} (${r.memory.growth >= 0 ? '+' : ''}${(r.memory.growth * 100).toFixed(1)} %), min ${mib(r.memory.minKb)}, max ${mib(r.memory.maxKb)} over ${r.memory.samples.filter((s) => s.phase === 'measure').length} samples every 5 s`,
  );
  const l = r.ledger;
  lines.push(
    `successful writes: ${l.registrations} registrations, ${l.logins} logins, ${l.favouriteToggles} favourite toggles (${l.favouritesExpected} left on), ${l.playlistsCreated} playlists, ${l.playlistAdds} adds (${l.playlistItemsExpected} distinct), ${l.checkouts} checkouts, ${l.pays} payments, ${l.purchases} purchases`,
  );
  lines.push(`server log lines at warn or above: ${r.serverLog.length}`);
  for (const s of r.serverLog.slice(0, 10)) lines.push(`  ${s.slice(0, 300)}`);
  lines.push('');
  for (const c of r.checks) {
    lines.push(`${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: expected ${c.expected}, got ${c.actual}`);
  }
  if (r.errors.network > 0) {
    lines.push(
      `(${r.errors.network} requests got no answer: the server may still have done them, so the row checks cannot be exact)`,
    );
  }
  lines.push(r.passed ? 'RESULT: PASS' : 'RESULT: FAIL');
  return lines;
}
