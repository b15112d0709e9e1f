import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { analyzeUpload, sniffAudioFormat } from '@tarab/audio';
import { TrackMetadata } from '@tarab/contracts';
import type { AppDb } from '../../db/client.js';
import { toUploadAnalysis } from './process-upload.js';
import { AppError } from '../../lib/errors.js';
import type { Storage } from '../../storage/storage.js';
import { ingestFailure, isIngestError } from './ingest-errors.js';
import { ManifestEntry, readManifest } from './import-manifest.js';
import * as catalog from '../catalog/catalog.service.js';

export interface ImportSummary {
  imported: number;
  updated: number;
  rejected: { entry: string; reason: string }[];
}

export interface ImportOptions {
  db: AppDb;
  storage: Storage;
  folder: string;
  onProgress?: (done: number, total: number, label: string) => void;
}

class Rejected extends Error {}
const reject = (reason: string): never => {
  throw new Rejected(reason);
};

const hashOf = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const lower = (s: string) => s.trim().toLowerCase();

/** Name → id lookups of the catalog's options, read once per import. */
async function loadOptions(db: AppDb) {
  const { tagRows, scaleRows, artistRows, albumRows } = await catalog.loadCatalogOptions(db);
  const tag = (kind: string, value: string | number) => {
    const found = tagRows.find((t) => t.kind === kind && (t.id === value || lower(t.name) === lower(String(value))));
    return found?.id ?? reject(`Unknown ${kind} "${value}".`);
  };
  return {
    tags: (kind: string, values: (string | number)[]) => values.map((v) => tag(kind, v)),
    region: (value: string | undefined) => (value === undefined ? null : tag('region', value)),
    scale: (value: string | undefined) => {
      if (value === undefined) return null;
      const v = lower(value);
      const found = scaleRows.find(
        (s) => lower(s.name) === v || lower(`${s.key} ${s.keyType}`) === v || String(s.id) === v,
      );
      return found?.id ?? reject(`Unknown scale "${value}".`);
    },
    artist: (value: string | number) => {
      const found = artistRows.find((a) => a.id === value || lower(a.name) === lower(String(value)));
      return found?.id ?? reject(`Unknown artist "${value}" (create the artist first).`);
    },
    album: (artistId: number, value: string | undefined) => {
      if (value === undefined) return null;
      const found = albumRows.find((a) => a.artistId === artistId && lower(a.title) === lower(value));
      return found?.id ?? reject(`Unknown album "${value}" for this artist.`);
    },
  };
}

function zodReason(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.map(String).join('.') || 'entry'}: ${i.message}`).join('; ');
}

/**
 * Imports a folder of audio files described by a manifest. Idempotent: each entry's ref is stored
 * on its track, so a second run updates the metadata (and the audio, if the file changed) instead
 * of adding a duplicate. Audio is processed in this process, synchronously.
 */
export async function importCatalog(options: ImportOptions): Promise<ImportSummary> {
  const { db, storage } = options;
  const folder = path.resolve(options.folder);
  const manifest = await readManifest(folder);
  const lookups = await loadOptions(db);
  const summary: ImportSummary = { imported: 0, updated: 0, rejected: [] };
  const seenRefs = new Set<string>();

  for (const [index, raw] of manifest.entries.entries()) {
    const named = (raw ?? {}) as { ref?: unknown; file?: unknown };
    let label = String(named.ref || named.file || `#${index + 1}`);
    try {
      const parsed = ManifestEntry.safeParse(raw);
      if (!parsed.success) reject(zodReason(parsed.error.issues));
      const entry = parsed.data!;
      label = entry.ref ?? entry.file;
      const ref = `import:${label}`;
      if (seenRefs.has(ref)) reject(`Duplicate ref "${label}" in the manifest.`);
      seenRefs.add(ref);

      const artistId = lookups.artist(entry.artist);
      const meta = TrackMetadata.safeParse({
        title: entry.title,
        kind: entry.kind,
        album_id: lookups.album(artistId, entry.album),
        genre: lookups.tags('genre', entry.genre),
        mood: lookups.tags('mood', entry.mood),
        theme: lookups.tags('theme', entry.theme),
        instrument: lookups.tags('instrument', entry.instrument),
        region_id: lookups.region(entry.region),
        scale_id: lookups.scale(entry.scale),
        bpm: entry.bpm === undefined ? null : entry.bpm,
        price: entry.price,
        publish: entry.publish,
      });
      if (!meta.success) reject(zodReason(meta.error.issues));
      const metadata = meta.data!;
      await catalog.checkMetadataOptions(db, artistId, metadata.kind, metadata);

      const file = path.resolve(folder, entry.file);
      if (!file.startsWith(folder + path.sep)) reject(`The file "${entry.file}" is outside the import folder.`);
      const bytes = await fs.readFile(file).catch(() => reject(`The file "${entry.file}" was not found.`));
      const format = sniffAudioFormat(bytes) ?? reject(`"${entry.file}" is not a supported audio file.`);
      const audioKey = `originals/import/${hashOf(bytes)}.${format}`;

      const existing = await catalog.findImportedTrack(db, ref);
      if (existing && existing.kind !== metadata.kind)
        reject(`The kind of "${label}" cannot change (was ${existing.kind}).`);

      if (existing && existing.audioKey === audioKey) {
        await db.transaction(async (tx) => {
          await catalog.updateTrack(tx, existing.id, existing.kind, metadata, {
            published: metadata.publish,
            artistId,
          });
        });
        summary.updated++;
      } else {
        const result = await analyzeUpload(bytes, { kind: metadata.kind });
        const peaksJson = JSON.stringify({ data: result.peaks });
        const previewKey = `previews/import-${hashOf(result.previewMp3)}.mp3`;
        const peaksKey = `peaks/import-${hashOf(peaksJson)}.json`;
        await storage.put('private', audioKey, bytes);
        await storage.put('public', previewKey, result.previewMp3);
        await storage.put('public', peaksKey, peaksJson);
        const auditionKey = result.auditionWav ? `auditions/import-${hashOf(result.auditionWav)}.wav` : null;
        if (result.auditionWav && auditionKey) await storage.put('public', auditionKey, result.auditionWav);
        const analysis = toUploadAnalysis(result);
        await db.transaction(async (tx) => {
          if (existing) {
            await catalog.updateTrack(tx, existing.id, existing.kind, metadata, {
              artistId,
              published: metadata.publish,
              audioKey,
              previewKey,
              peaksKey,
              auditionKey,
              durationS: analysis.durationS,
              loudnessLufs: analysis.loudnessLufs,
              masterSampleRate: analysis.sampleRate,
              masterBitDepth: analysis.bitDepth ?? null,
              bpm: metadata.bpm ?? analysis.bpm,
            });
          } else {
            await catalog.insertTrack(tx, {
              artistId,
              metadata,
              analysis,
              audioKey,
              previewKey,
              peaksKey,
              auditionKey,
              importRef: ref,
            });
          }
        });
        if (existing) summary.updated++;
        else summary.imported++;
      }
    } catch (error) {
      if (error instanceof Rejected || error instanceof AppError) {
        const fields = error instanceof AppError && error.errors ? Object.entries(error.errors) : [];
        const reason = fields.length
          ? fields.map(([field, messages]) => `${field}: ${messages.join(' ')}`).join('; ')
          : error.message;
        summary.rejected.push({ entry: label, reason });
      } else if (isIngestError(error)) {
        summary.rejected.push({ entry: label, reason: ingestFailure(error).error });
      } else {
        throw error;
      }
    }
    options.onProgress?.(index + 1, manifest.entries.length, label);
  }
  return summary;
}
