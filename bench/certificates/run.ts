/**
 * Licence certificates (issue #32 item 8, decision 061): what one costs and what it does to the
 * event loop. A bilingual certificate shapes Arabic with a freshly parsed font; made on the request's
 * thread, every zip download and certificate request held every other request for its whole time.
 *
 * 1. CPU per certificate on this thread (`licenseCertificatePdf`, distinct licences, after a warm-up).
 * 2. Event-loop delay (perf_hooks.monitorEventLoopDelay, p99 and max) while N distinct certificates are
 *    made at once: (a) on this thread, as before, (b) through the renderer (worker thread), as now.
 * 3. The same N again through the renderer: kept certificates, no render.
 *
 *   npm run bench:certificates [-- --count 20]
 *
 * Budget: event-loop delay p99 ≤ 20 ms while the renderer makes the N certificates.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createCertificateRenderer } from '../../apps/server/src/modules/licenses/certificate-renderer.js';
import { licenseCertificatePdf } from '../../apps/server/src/modules/licenses/license-certificate.js';
import type { CertificateDetails } from '../../apps/server/src/modules/licenses/licenses.repo.js';

const args = process.argv.slice(2);
const at = args.indexOf('--count');
const count = at >= 0 ? Number(args[at + 1]) : 20;
const BUDGET_P99_MS = 20;

const licence = (n: number): CertificateDetails => ({
  licenseKey: `TRB-BNCH-${String(n).padStart(4, '0')}`,
  source: n % 2 ? 'purchase' : 'subscription',
  revokedAt: null,
  issuedAt: new Date('2026-03-04T10:00:00Z'),
  userId: n,
  licenseeName: n % 2 ? `أميرة حداد ${n}` : `Layla Haddad ${n}`,
  trackId: 100 + n,
  kind: 'music',
  title: 'Desert Breeze',
  titleAr: 'نسيم الصحراء',
  artistName: 'Rimal Collective',
  artistNameAr: 'مجموعة رمال',
  bpm: 96,
  maqam: 'Hijaz',
  tonic: 'D',
});
const verifyAt = (n: number) => `https://tarab.example/verify/TRB-BNCH-${n}`;
const ms = (ns: number) => (ns / 1e6).toFixed(1);

async function loopDelayWhile(work: () => Promise<unknown>) {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const started = performance.now();
  await work();
  const wall = performance.now() - started;
  h.disable();
  return { p99: h.percentile(99), max: h.max, wall };
}

// 1. CPU per certificate on this thread.
await licenseCertificatePdf(licence(0), verifyAt(0));
const cpu: number[] = [];
for (let n = 1; n <= 10; n++) {
  const before = process.cpuUsage();
  await licenseCertificatePdf(licence(n), verifyAt(n));
  const used = process.cpuUsage(before);
  cpu.push((used.user + used.system) / 1000);
}
cpu.sort((a, b) => a - b);
console.log(
  `CPU per certificate on one thread: median ${cpu[5]!.toFixed(0)} ms (min ${cpu[0]!.toFixed(0)}, max ${cpu[9]!.toFixed(0)}), 10 licences`,
);

// 2a. On this thread, N at once.
const inline = await loopDelayWhile(() =>
  Promise.all(Array.from({ length: count }, (_, i) => licenseCertificatePdf(licence(1000 + i), verifyAt(1000 + i)))),
);
console.log(
  `${count} at once on the event loop:      loop delay p99 ${ms(inline.p99)} ms, max ${ms(inline.max)} ms, all made in ${inline.wall.toFixed(0)} ms`,
);

// 2b. Through the renderer (its thread started and warm first, as in a running server).
const renderer = createCertificateRenderer();
await renderer.render(licence(1), verifyAt(1));
const pooled = await loopDelayWhile(() =>
  Promise.all(Array.from({ length: count }, (_, i) => renderer.render(licence(2000 + i), verifyAt(2000 + i)))),
);
console.log(
  `${count} at once through the renderer:   loop delay p99 ${ms(pooled.p99)} ms, max ${ms(pooled.max)} ms, all made in ${pooled.wall.toFixed(0)} ms`,
);

// 3. Kept.
const kept = await loopDelayWhile(() =>
  Promise.all(Array.from({ length: count }, (_, i) => renderer.render(licence(2000 + i), verifyAt(2000 + i)))),
);
console.log(
  `${count} again (kept, no render):       loop delay p99 ${ms(kept.p99)} ms, all answered in ${kept.wall.toFixed(1)} ms; ${JSON.stringify(renderer.stats())}`,
);
await renderer.close();

const ok = pooled.p99 / 1e6 <= BUDGET_P99_MS;
console.log(`Budget: loop delay p99 ≤ ${BUDGET_P99_MS} ms while the renderer works: ${ok ? 'ok' : 'MISS'}`);
process.exitCode = ok ? 0 : 1;
