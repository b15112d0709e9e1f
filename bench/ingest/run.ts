/**
 * Ingestion benchmark (issue #10): a 3-minute 44.1 kHz stereo 16-bit WAV, synthesized by the demo
 * renderer (a maqsum piece for darbuka, riq, frame drum and qanun stretched to 180 s), goes
 * through analyzeUpload three times: decode, peaks, loudness, tempo and the 128 kbps MP3 preview,
 * each stage timed on its own, then the whole call. Budget: ≤ 10 s per upload on the 2-core box.
 *
 *   npm run bench:ingest [-- --seconds 180 --runs 3]
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import {
  analyzeUpload,
  buildDemoCatalog,
  computePeaks,
  decodeAudio,
  encodeWav,
  estimateBpm,
  measureLoudness,
  mixToMono,
  renderTrackAudio,
  SAMPLE_RATE,
} from '../../packages/audio/src/index.js';
import { encodeUploadPreview } from '../../packages/audio/src/ingest/preview.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const seconds = flag('seconds', 180);
const runs = flag('runs', 3);
const BUDGET_S = 10;

const spec = buildDemoCatalog().tracks.find((t) => t.key === 'rhythms-of-the-souk-03');
if (!spec) throw new Error('demo spec rhythms-of-the-souk-03 is missing');
console.log(
  `Ingest benchmark: ${seconds} s of "${spec.title}" (${spec.iqa}, ${spec.bpm} BPM), 44.1 kHz stereo 16-bit WAV`,
);
console.log(
  `  machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
);
const t0 = performance.now();
const audio = renderTrackAudio({ ...spec, targetDurationS: seconds });
const wav = encodeWav(
  audio.map((c) => c.subarray(0, Math.round(seconds * SAMPLE_RATE))),
  SAMPLE_RATE,
);
console.log(
  `  synthesized in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${(wav.length / 1e6).toFixed(1)} MB\n`,
);

/** Wall-clock seconds of a stage; its CPU seconds (this process) are added to `cpu`. */
const cpu: Record<string, number[]> = {};
const time = async <T>(stage: string, fn: () => T | Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const startCpu = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(startCpu);
  (cpu[stage] ??= []).push((used.user + used.system) / 1e6);
  return [value, (performance.now() - start) / 1000];
};

const stages = ['decode', 'peaks', 'loudness', 'tempo', 'preview', 'analyzeUpload'] as const;
const rows: Record<(typeof stages)[number], number[]> = {
  decode: [],
  peaks: [],
  loudness: [],
  tempo: [],
  preview: [],
  analyzeUpload: [],
};
let summary = '';
for (let run = 0; run < runs; run++) {
  const [decoded, decodeS] = await time('decode', () => decodeAudio(wav));
  const [, peaksS] = await time('peaks', () => computePeaks(mixToMono(decoded.channels), 500));
  const [lufs, loudnessS] = await time('loudness', () => measureLoudness(decoded.channels, decoded.sampleRate));
  const [bpm, tempoS] = await time('tempo', () => estimateBpm(decoded.channels, decoded.sampleRate));
  const [, previewS] = await time('preview', () => encodeUploadPreview(decoded.channels, decoded.sampleRate));
  const [result, totalS] = await time('analyzeUpload', () => analyzeUpload(wav));
  rows.decode.push(decodeS);
  rows.peaks.push(peaksS);
  rows.loudness.push(loudnessS);
  rows.tempo.push(tempoS);
  rows.preview.push(previewS);
  rows.analyzeUpload.push(totalS);
  summary = `duration ${result.durationS.toFixed(2)} s, ${lufs?.toFixed(1)} LUFS, ${bpm?.toFixed(2)} BPM (spec ${spec.bpm}), preview ${(result.previewMp3.length / 1e6).toFixed(2)} MB`;
}

const fmt = (s: number): string => `${s.toFixed(2)} s`.padStart(9);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `${'stage'.padEnd(15)}${Array.from({ length: runs }, (_, i) => `run ${i + 1}`.padStart(9)).join('')}${'median'.padStart(9)}${'CPU'.padStart(9)}`,
);
for (const stage of stages) {
  const values = rows[stage];
  console.log(`${stage.padEnd(15)}${values.map(fmt).join('')}${fmt(median(values))}${fmt(median(cpu[stage] ?? []))}`);
}
const typical = median(rows.analyzeUpload);
const worst = Math.max(...rows.analyzeUpload);
const [load1] = loadavg();
console.log(`\n${summary}`);
console.log(
  `(wall-clock per run; CPU = median CPU seconds of this process, which wall-clock approaches on an idle machine; load average during the run ${load1?.toFixed(1)})`,
);
console.log(
  `budget: analyzeUpload ≤ ${BUDGET_S} s for 3 min of 44.1 kHz stereo; median ${typical.toFixed(2)} s (slowest ${worst.toFixed(2)} s) → ${typical <= BUDGET_S ? 'PASS' : 'MISS'}`,
);
if (typical > BUDGET_S) process.exitCode = 1;
