/**
 * Renders the whole demo catalog and writes it to a directory, then prints counts, audio length,
 * wall time and the MP3 encoder's speed.
 *
 *   npx tsx packages/audio/scripts/render-demo.ts [outDir] [--workers N] [--seed N]
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildDemoCatalog,
  decodeWav,
  encodeMp3,
  renderCatalog,
  SAMPLE_RATE,
  type DemoTrackSpec,
} from '../src/index.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const positional = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && !(all[i - 1] ?? '').startsWith('--'));
const outDir = positional[0] ?? (await mkdtemp(join(tmpdir(), 'tarab-demo-')));
const workers = Number(option('--workers') ?? availableParallelism());
const seed = option('--seed') === undefined ? undefined : Number(option('--seed'));

const started = performance.now();
const catalog = buildDemoCatalog(seed);
const catalogMs = performance.now() - started;
for (const dir of ['originals', 'previews', 'peaks', 'images']) await mkdir(join(outDir, dir), { recursive: true });

let imageBytes = 0;
const images: [string, string][] = [
  ...catalog.tags.map((t): [string, string] => [`tag-${t.kind}-${slug(t.name)}.svg`, t.image]),
  ...catalog.artists.map((a): [string, string] => [`artist-${a.key}.svg`, a.image]),
  ...catalog.albums.map((a): [string, string] => [`album-${a.key}.svg`, a.image]),
];
for (const [name, svg] of images) {
  imageBytes += Buffer.byteLength(svg);
  await writeFile(join(outDir, 'images', name), svg);
}

const counts = { music: 0, loop: 0 };
const seconds = { music: 0, loop: 0 };
let wavBytes = 0;
let mp3Bytes = 0;
let longest: { spec: DemoTrackSpec; wavPath: string; durationS: number } | undefined;
const renderStarted = performance.now();
await renderCatalog(catalog.tracks, {
  workers,
  onTrack: async (spec, rendered) => {
    const base = `${spec.key}-${slug(spec.title)}`;
    const wavPath = join(outDir, 'originals', `${base}.wav`);
    await writeFile(wavPath, rendered.wav);
    await writeFile(join(outDir, 'previews', `${base}.mp3`), rendered.mp3);
    await writeFile(join(outDir, 'peaks', `${base}.json`), JSON.stringify({ data: rendered.peaks }));
    counts[spec.kind]++;
    seconds[spec.kind] += rendered.durationS;
    wavBytes += rendered.wav.length;
    mp3Bytes += rendered.mp3.length;
    if (!longest || rendered.durationS > longest.durationS) longest = { spec, wavPath, durationS: rendered.durationS };
    const done = counts.music + counts.loop;
    if (done % 10 === 0 || done === catalog.tracks.length) {
      console.log(
        `  ${done}/${catalog.tracks.length} rendered (${((performance.now() - renderStarted) / 1000).toFixed(1)} s)`,
      );
    }
  },
});
const renderS = (performance.now() - renderStarted) / 1000;
const totalAudio = seconds.music + seconds.loop;

// MP3 encoder speed, measured on the longest original in this thread.
let encoderSpeed = 0;
if (longest) {
  const { readFile } = await import('node:fs/promises');
  const { channels } = decodeWav(await readFile(longest.wavPath));
  await encodeMp3(
    channels.map((c) => c.subarray(0, SAMPLE_RATE)),
    SAMPLE_RATE,
  ); // warm-up
  const t = performance.now();
  await encodeMp3(channels, SAMPLE_RATE);
  encoderSpeed = longest.durationS / ((performance.now() - t) / 1000);
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(`
Tarab demo catalog → ${outDir}
  catalog metadata      ${catalogMs.toFixed(1)} ms (${catalog.tags.length} tags, ${catalog.scales.length} scales, ${catalog.artists.length} artists, ${catalog.albums.length} albums, ${images.length} SVGs ${mb(imageBytes)})
  tracks                ${counts.music} music (${seconds.music.toFixed(1)} s audio), ${counts.loop} loops (${seconds.loop.toFixed(1)} s audio)
  total audio           ${totalAudio.toFixed(1)} s (${(totalAudio / 60).toFixed(1)} min)
  render wall time      ${renderS.toFixed(1)} s with ${workers} worker(s) → ${(totalAudio / renderS).toFixed(1)}x realtime
  originals (WAV)       ${mb(wavBytes)}   previews (MP3) ${mb(mp3Bytes)}
  MP3 encoder (LAME wasm, 128 kbps CBR stereo): ${encoderSpeed.toFixed(1)}x realtime on "${longest?.spec.title ?? ''}"
  total wall time       ${((performance.now() - started) / 1000).toFixed(1)} s`);

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'item'
  );
}
