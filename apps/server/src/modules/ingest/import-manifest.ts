import fs from 'node:fs/promises';
import path from 'node:path';
import { parse as parseCsvText } from 'csv-parse/sync';
import { z } from 'zod';

/**
 * One entry of a bulk-import manifest (`manifest.json` or `manifest.csv` beside the audio files).
 * Options are given by name (as an operator writes them) and resolved to the catalog's ids; the
 * result is then checked with the same TrackMetadata schema as an artist's upload.
 */
const names = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : String(v).split('|')),
  z.array(z.union([z.string().trim().min(1), z.number().int().positive()])).max(10),
);
const optionalText = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().min(1).optional());
const optionalNumber = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().optional());

export const ManifestEntry = z.object({
  /** Stable id of the entry; re-running the import updates the track with this ref. Default: the file name. */
  ref: optionalText,
  file: z.string().trim().min(1, 'file is required'),
  title: z.string().trim().min(1, 'title is required'),
  kind: z.enum(['music', 'loop']).default('music'),
  /** Artist name or id (must exist). */
  artist: z.union([z.string().trim().min(1), z.number().int().positive()]),
  /** Album title of that artist (must exist), optional. */
  album: optionalText,
  genre: names,
  mood: names,
  theme: names,
  instrument: names,
  region: optionalText,
  /** Scale name, e.g. "D Hijaz" (loops only). */
  scale: optionalText,
  bpm: optionalNumber,
  price: z.coerce.number().min(0),
  publish: z.preprocess(
    (v) => (v === '' || v === undefined ? true : v === true || v === 'true' || v === '1' || v === 'yes'),
    z.boolean(),
  ),
});
export type ManifestEntry = z.infer<typeof ManifestEntry>;

/**
 * A manifest.csv: a header row (names in any case), then one row per track; RFC 4180 quoting (a quoted
 * cell may hold commas, quotes and line breaks), a byte-order mark, blank lines and `#` comment lines
 * are allowed (csv-parse).
 */
export function parseCsv(text: string): Record<string, string>[] {
  return parseCsvText(text, {
    bom: true,
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    comment: '#',
    comment_no_infix: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
  }) as Record<string, string>[];
}

export interface RawManifest {
  file: string;
  entries: unknown[];
}

/** Reads manifest.json (an array, or `{ tracks: [...] }`) or manifest.csv from the folder. */
export async function readManifest(folder: string): Promise<RawManifest> {
  for (const name of ['manifest.json', 'manifest.csv']) {
    const file = path.join(folder, name);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch {
      continue;
    }
    if (name.endsWith('.csv')) return { file, entries: parseCsv(text) };
    const json: unknown = JSON.parse(text);
    const entries = Array.isArray(json) ? json : (json as { tracks?: unknown })?.tracks;
    if (!Array.isArray(entries)) throw new Error(`${file}: expected an array of entries or { "tracks": [...] }`);
    return { file, entries };
  }
  throw new Error(`No manifest.json or manifest.csv in ${folder}`);
}
