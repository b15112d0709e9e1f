/**
 * Loop audition budgets (issue 18 part 3, decision 043), measured in Debian's Chromium with Playwright
 * on the production build served by our server with the small demo catalog:
 *
 *   npm run build && npx tsx bench/audition/run.ts        (or: npm run bench:audition)
 *
 * - click-to-sound for a cached loop ≤ 150 ms: from the click's event time to the moment the first
 *   sample reaches the output (the engine's scheduled start on the context clock plus the context's
 *   output latency, as performance.now() time). Two paths: Play on the project bar, and putting a
 *   loop whose buffer is cached back into the project with its row button. BENCH_CLICKS (10) each.
 * - drift between stacked layers after 60 s ≤ 5 ms: each layer is an AudioBufferSourceNode with
 *   loop = true started on one context time, so a layer's n-th cycle starts at startAt + n × frames /
 *   rate exactly; the drift is how far apart two layers' cycle starts are from the beat grid of the
 *   project after 60 s, computed from the scheduled start times and buffer lengths the engine reports.
 *   The same figure is checked by rendering 60 s of the mix offline and locating each layer's last
 *   cycle start by cross-correlation with its buffer.
 * - the seam: two cycles of each stretched layer rendered with an OfflineAudioContext (a looped
 *   AudioBufferSourceNode); the step between the last sample of a cycle and the first of the next,
 *   against the largest steps inside the loop (99.9th percentile): no gap, no click when seam ≤ p99.9.
 *
 * Also printed (no budget): how long a tempo change takes when both layers must be stretched anew.
 *
 * BENCH_PORT (18391), BENCH_DATA_DIR (.tmp/bench-audition-data) as needed.
 */
import os from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from 'playwright';
import { startDemoServer } from '../support/demo-server';

/** The page's debug hook (apps/web/src/features/audition/lib/debug-hook.ts; localStorage "tarab:audition-debug"). */
interface AuditionHook {
  report: () => Report;
  buffer: (id: number) => AudioBuffer | null;
  renderMix: (seconds: number) => Promise<AudioBuffer>;
  lastStart: () => { requestedAt: number; soundAt: number } | null;
}
declare global {
  interface Window {
    __tarabAudition?: AuditionHook;
    __clickAt?: number;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.BENCH_PORT ?? 18391);
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(repoRoot, '.tmp/bench-audition-data'));
const clicks = Math.max(1, Number(process.env.BENCH_CLICKS ?? 10));
const budgets = { clickToSoundMs: 150, driftMs: 5 } as const;
// 16 and 18 beats: cycles of different lengths, so the drift between them is not zero by symmetry.
const LOOPS = ['Darbuka Malfuf 132 BPM', 'Darbuka Karsilama 223 BPM'];
const PROJECT_BPM = 110;

const startServer = () => startDemoServer({ port, dataDir });

type Report = {
  sampleRate: number;
  origin: number | null;
  layers: { id: number; frames: number; beats: number; startAt: number | null; gain: number }[];
};
const report = (page: Page) => page.evaluate(() => window.__tarabAudition!.report());

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function auditionButton(page: Page, title: string) {
  const button = page.getByRole('button', { name: `Audition ${title} in the project`, exact: true });
  await page
    .getByRole('button', { name: /^Audition .+ in the project$/ })
    .first()
    .waitFor();
  for (let i = 0; i < 4 && !(await button.isVisible()); i++)
    await page.getByRole('button', { name: 'View more' }).first().click();
  return button;
}

/** Clicks `button` and answers the time from the click to the first sample at the output, ms. */
async function clickToSound(page: Page, click: () => Promise<void>): Promise<number> {
  const before = await page.evaluate(() => window.__tarabAudition!.lastStart()?.requestedAt ?? -1);
  await page.evaluate(() => {
    document.addEventListener('click', (e) => (window.__clickAt! = e.timeStamp), {
      capture: true,
      once: true,
    });
  });
  await click();
  await waitFor(
    () => page.evaluate((b) => (window.__tarabAudition!.lastStart()?.requestedAt ?? -1) > b, before),
    'the sound to start',
  );
  return page.evaluate(() => window.__tarabAudition!.lastStart()!.soundAt - window.__clickAt!);
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, max: s[s.length - 1]! };
};

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
let failed = false;
try {
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} CPUs)`,
  );
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => window.localStorage.setItem('tarab:audition-debug', '1'));
  await page.goto(`http://127.0.0.1:${port}/loops`);
  const project = page.getByRole('region', { name: 'Your project' });
  const tempo = project.getByLabel('Tempo (BPM)');
  await tempo.fill(String(PROJECT_BPM));
  await tempo.press('Enter');

  const buttons: Locator[] = [];
  for (const title of LOOPS) buttons.push(await auditionButton(page, title));
  for (const button of buttons) {
    await button.click();
    await waitFor(
      async () => (await report(page)).layers.every((l) => l.frames > 0 && l.startAt !== null),
      'the layer to play',
    );
  }

  // Not a budget, for the record: a tempo change that makes both layers anew (uncached), click to fitted.
  const fitStarted = Date.now();
  await tempo.fill(String(PROJECT_BPM + 1));
  await tempo.press('Enter');
  await waitFor(async () => {
    const r = await report(page);
    return r.layers.every((l) => l.frames === Math.round(((l.beats * 60) / (PROJECT_BPM + 1)) * r.sampleRate));
  }, 'the new tempo');
  const fitMs = Date.now() - fitStarted;
  await tempo.fill(String(PROJECT_BPM));
  await tempo.press('Enter');
  await waitFor(async () => {
    const r = await report(page);
    return r.layers.every((l) => l.frames === Math.round(((l.beats * 60) / PROJECT_BPM) * r.sampleRate));
  }, 'the project tempo again');
  console.log(`tempo change, 2 layers made anew on the worker: ${fitMs} ms (no budget; cached tempos are instant)`);

  // Click-to-sound, Play on the project bar (every buffer cached).
  const playTimes: number[] = [];
  for (let i = 0; i < clicks; i++) {
    await project.getByRole('button', { name: 'Stop the project' }).click();
    playTimes.push(await clickToSound(page, () => project.getByRole('button', { name: 'Play the project' }).click()));
  }
  // Click-to-sound, a cached loop put back into a stopped project with its row button.
  const rowTimes: number[] = [];
  for (let i = 0; i < clicks; i++) {
    await project.getByRole('button', { name: 'Stop the project' }).click();
    await buttons[1]!.click(); // out of the project
    rowTimes.push(await clickToSound(page, () => buttons[1]!.click()));
  }
  const play = stats(playTimes);
  const row = stats(rowTimes);
  const clickOk = play.max <= budgets.clickToSoundMs && row.max <= budgets.clickToSoundMs;
  console.log(
    `click-to-sound, cached (Play): median ${play.median.toFixed(1)} ms, max ${play.max.toFixed(1)} ms over ${clicks} clicks`,
  );
  console.log(
    `click-to-sound, cached (row button): median ${row.median.toFixed(1)} ms, max ${row.max.toFixed(1)} ms — budget ≤ ${budgets.clickToSoundMs} ms: ${clickOk ? 'ok' : 'MISS'}`,
  );
  failed ||= !clickOk;

  // Drift after 60 s, from the context clock's schedule.
  await waitFor(async () => (await report(page)).layers.length === 2, 'two layers');
  const r = await report(page);
  const beatS = 60 / PROJECT_BPM;
  const driftOf = (l: Report['layers'][number]) => {
    const cycleS = l.frames / r.sampleRate;
    const at = r.origin! + 60;
    const cycles = Math.floor((at - l.startAt!) / cycleS);
    const cycleStart = l.startAt! + cycles * cycleS;
    const beats = Math.round((cycleStart - r.origin!) / beatS);
    return cycleStart - (r.origin! + beats * beatS);
  };
  const scheduled = Math.abs(driftOf(r.layers[0]!) - driftOf(r.layers[1]!)) * 1000;

  // The same, measured: 60 s of the mix offline, each layer's last cycle located by cross-correlation.
  const measured = await page.evaluate(
    async (ids: number[]) => {
      const hook = window.__tarabAudition!;
      const rate = hook.report().sampleRate;
      const located: number[] = [];
      for (const id of ids) {
        const buffer = hook.buffer(id)!;
        const offline = new OfflineAudioContext(1, Math.round(61 * rate), rate);
        const node = offline.createBufferSource();
        node.buffer = buffer;
        node.loop = true;
        node.connect(offline.destination);
        node.start(0);
        const rendered = (await offline.startRendering()).getChannelData(0);
        const cycle = buffer.length;
        const expected = Math.floor((60 * rate) / cycle) * cycle;
        const reference = buffer.getChannelData(0).subarray(0, Math.min(cycle, 4096));
        let best = 0;
        let bestScore = -Infinity;
        for (let lag = -64; lag <= 64; lag++) {
          let score = 0;
          for (let i = 0; i < reference.length; i++) score += reference[i]! * rendered[expected + lag + i]!;
          if (score > bestScore) [best, bestScore] = [lag, score];
        }
        located.push((expected + best) / rate);
      }
      return located;
    },
    r.layers.map((l) => l.id),
  );
  const cycleStarts = r.layers.map((l) => l.startAt! - r.origin!);
  const offsetsFromGrid = measured.map((t, i) => {
    const at = t + cycleStarts[i]!;
    return at - Math.round(at / beatS) * beatS;
  });
  const measuredDrift = Math.abs(offsetsFromGrid[0]! - offsetsFromGrid[1]!) * 1000;
  const driftOk = scheduled <= budgets.driftMs && measuredDrift <= budgets.driftMs;
  console.log(
    `drift between 2 stacked layers after 60 s: ${scheduled.toFixed(4)} ms scheduled, ${measuredDrift.toFixed(4)} ms measured offline — budget ≤ ${budgets.driftMs} ms: ${driftOk ? 'ok' : 'MISS'}`,
  );
  failed ||= !driftOk;

  // The seam, per layer.
  const seams = await page.evaluate(
    async (ids: number[]) => {
      const hook = window.__tarabAudition!;
      return Promise.all(
        ids.map(async (id) => {
          const buffer = hook.buffer(id)!;
          const offline = new OfflineAudioContext(2, buffer.length * 2, buffer.sampleRate);
          const node = offline.createBufferSource();
          node.buffer = buffer;
          node.loop = true;
          node.connect(offline.destination);
          node.start(0);
          const rendered = await offline.startRendering();
          let seam = 0;
          let p999 = 0;
          let seamRms = 0;
          let meanRms = 0;
          for (let c = 0; c < 2; c++) {
            const x = rendered.getChannelData(c);
            const n = buffer.length;
            seam = Math.max(seam, Math.abs(x[n]! - x[n - 1]!));
            const steps: number[] = [];
            for (let i = 1; i < n; i++) steps.push(Math.abs(x[i]! - x[i - 1]!));
            steps.sort((a, b) => a - b);
            p999 = Math.max(p999, steps[Math.floor(steps.length * 0.999)]!);
            // Level in the 5 ms either side of the loop point against the whole loop's.
            const w = Math.round(buffer.sampleRate * 0.005);
            let s = 0;
            for (let i = n - w; i < n + w; i++) s += x[i]! * x[i]!;
            seamRms = Math.max(seamRms, Math.sqrt(s / (2 * w)));
            let t = 0;
            for (let i = 0; i < n; i++) t += x[i]! * x[i]!;
            meanRms = Math.max(meanRms, Math.sqrt(t / n));
          }
          return { id, frames: buffer.length, seam, p999, seamRms, meanRms };
        }),
      );
    },
    r.layers.map((l) => l.id),
  );
  for (const s of seams) {
    const ok = s.seam <= s.p999;
    failed ||= !ok;
    console.log(
      `seam of layer ${s.id} (${s.frames} frames at ${PROJECT_BPM} BPM): step ${s.seam.toFixed(5)} vs p99.9 step inside ${s.p999.toFixed(5)}; level ±5 ms ${s.seamRms.toFixed(4)} vs loop ${s.meanRms.toFixed(4)} RMS — ${ok ? 'ok' : 'MISS'}`,
    );
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
