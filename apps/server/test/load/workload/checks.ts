/**
 * The load run's verdicts: the run's own (no errors, throughput, the server's memory, a clean exit)
 * and, after the server has stopped, the database rows against the ledger of successful requests.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type Database } from '../../../src/db/client.js';
import type { LoadRun } from './load-run.js';

export interface Check {
  name: string;
  expected: string;
  actual: string;
  pass: boolean;
}

/** What the run measured, for its own checks. */
interface RunFigures {
  errorCount: number;
  /** Target requests per second, and the share of it that must be served. */
  rate: number;
  minThroughputRatio: number;
  achievedRps: number;
  /** The server's RSS at the end of warm-up and at the end, its growth and the growth allowed. */
  startKb: number;
  endKb: number;
  growth: number;
  maxRssGrowth: number;
  serverExitCode: number | null;
}

export function runChecks(f: RunFigures): Check[] {
  return [
    {
      name: 'errors (unexpected status, answer or network error)',
      expected: '0',
      actual: String(f.errorCount),
      pass: f.errorCount === 0,
    },
    {
      name: `throughput ≥ ${Math.round(f.minThroughputRatio * 100)} % of the target`,
      expected: `≥ ${(f.minThroughputRatio * f.rate).toFixed(1)} req/s`,
      actual: `${f.achievedRps.toFixed(1)} req/s`,
      pass: f.achievedRps >= f.minThroughputRatio * f.rate,
    },
    {
      name: `server RSS growth ≤ ${Math.round(f.maxRssGrowth * 100)} % (end of warm-up → end)`,
      expected: `≤ ${((f.startKb * (1 + f.maxRssGrowth)) / 1024).toFixed(1)} MiB`,
      actual: `${(f.endKb / 1024).toFixed(1)} MiB (${f.growth >= 0 ? '+' : ''}${(f.growth * 100).toFixed(1)} %)`,
      pass: f.startKb > 0 && f.growth <= f.maxRssGrowth,
    },
    {
      name: 'server exits cleanly on SIGTERM',
      expected: '0',
      actual: String(f.serverExitCode),
      pass: f.serverExitCode === 0,
    },
  ];
}

/** The rows of the run's users (emails `load-<tag>-…`) against its ledger: each table exactly as promised. */
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
  /** `sameSet` over the one column `k` of a query's rows (an id, or a key such as "user:track"). */
  const sameRows = async (name: string, expected: Set<string | number>, query: SQL) =>
    sameSet(
      name,
      expected,
      (await selectRows(db, z.object({ k: z.union([z.string(), z.number()]) }), query)).map((r) => r.k),
    );

  await sameRows(
    'users = successful registrations',
    ledger.registeredIds,
    sql`select id as k from users where email like ${like}`,
  );

  const [sessions] = await selectRows(
    db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email like ${like}`,
  );
  count('sessions = registrations + logins', ledger.registrations + ledger.logins, sessions?.n ?? -1);

  await sameRows(
    'favourites = (user, track) pairs with an odd number of toggles',
    ledger.favouritesExpected(),
    sql`select f.user_id || ':' || f.track_id as k from favourites f join users u on u.id = f.user_id
        where u.email like ${like}`,
  );

  await sameRows(
    'playlists = successful creates',
    ledger.playlists,
    sql`select p.id as k from playlists p join users u on u.id = p.user_id where u.email like ${like}`,
  );

  await sameRows(
    'playlist_items = distinct successful adds',
    ledger.playlistItems,
    sql`select pi.playlist_id || ':' || pi.track_id as k from playlist_items pi
        join playlists p on p.id = pi.playlist_id join users u on u.id = p.user_id where u.email like ${like}`,
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
