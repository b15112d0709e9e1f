/**
 * The load run's report: latency figures per operation and per 10-s window, memory, errors, the
 * ledger's totals and the checks, and the report as printed lines.
 */
import type { Check } from './checks.js';
import type { LedgerSummary } from './ledger.js';
import type { LoadRun, Phase } from './load-run.js';
import type { DbKind } from './server.js';

interface OpFigures {
  op: string;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface MemorySample {
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

/** The measured latencies of a run: per operation (by name), over all, and per 10-s window. */
export function latencyFigures(run: LoadRun): Pick<LoadReport, 'overall' | 'ops' | 'timeline'> {
  const all: number[] = [];
  const ops: OpFigures[] = [];
  for (const [op, list] of [...run.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    all.push(...list);
    ops.push(figures(op, list, run.opErrors.get(op) ?? 0));
  }
  for (const [op, n] of run.opErrors) if (!run.latencies.has(op)) ops.push(figures(op, [], n));
  return {
    overall: figures('all', all, run.errorsByPhase.measure),
    ops,
    timeline: Array.from(run.windows, (list, i) => {
      const f = figures('window', list ?? [], 0);
      return { fromS: i * 10, requests: f.count, p50: f.p50, p95: f.p95, max: f.max };
    }),
  };
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
