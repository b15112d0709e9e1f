/**
 * One load run's client side: the virtual users, the HTTP client that times and checks every answer,
 * and the open-loop generator that starts scenarios (scenarios.ts) at Poisson arrival times.
 *
 * Users are registered before warm-up. A user runs one scenario at a time, as a person does (so the
 * expected rows are exact); a scenario finding every user busy waits for one (counted and reported),
 * and a user is registered on the spot only when nobody can buy any more. Reads may share users.
 */
import http from 'node:http';
import { Api, urlOf } from '@tarab/contracts';
// The fuzz suite's seeded PRNG (mulberry32): the same seed gives the same workload.
import { createPrng, type Prng } from '../../fuzz/prng.js';
import { Ledger } from './ledger.js';
import { MIX, REQUESTS_PER_SCENARIO, SCENARIOS, totalWeight, type ScenarioName } from './scenarios.js';

export type Phase = 'setup' | 'warmup' | 'measure' | 'drain';

const PASSWORD_PREFIX = 'Soak-test-pass-';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

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

export class LoadRun {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  readonly rng: Prng;
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
  /** Playlists created so far (their names: `Soak <n>`). */
  playlistCounter = 0;

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
    const music = this.json<Page>(
      'setup',
      await this.call('setup', Api.catalog.music.method, urlOf(Api.catalog.music, { query: { per_page: 100 } })),
    );
    const loops = this.json<Page>(
      'setup',
      await this.call('setup', Api.catalog.loops.method, urlOf(Api.catalog.loops, { query: { per_page: 100 } })),
    );
    const albums = this.json<{ data: { id: number }[] }>(
      'setup',
      await this.call('setup', Api.catalog.albums.method, urlOf(Api.catalog.albums)),
    );
    const artists = this.json<{ data: { data: { data: { id: number }[] } } }>(
      'setup',
      await this.call('setup', Api.catalog.artists.method, urlOf(Api.catalog.artists)),
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
    const answer = await this.call(op, Api.auth.register.method, urlOf(Api.auth.register), {
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
        await SCENARIOS[name](this);
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
