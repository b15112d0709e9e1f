import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { encodeAuditionWav } from '@tarab/audio';
import type { Database } from '../db/client.js';
import { tracks } from '../db/schema/index.js';
import type { Storage } from '../storage/storage.js';
import type { SeedLog } from './demo-catalog.js';

const shortHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/**
 * Loops stored before audition files existed (decision 043) get theirs: the public preview decoded
 * (gapless) to its exact length, written beside it. The server runs it once it listens, in the
 * background, with `encode` on its audio pool (off the event loop); one loop at a time. A loop whose
 * preview cannot be read or decoded is skipped (and logged) and tried again at the next start.
 */
export async function backfillAuditions(
  database: Database,
  storage: Storage,
  log: SeedLog,
  encode: (previewMp3: Uint8Array) => Promise<Uint8Array> = encodeAuditionWav,
): Promise<number> {
  const missing = await database.db
    .select({ id: tracks.id, previewKey: tracks.previewKey })
    .from(tracks)
    .where(and(eq(tracks.kind, 'loop'), isNull(tracks.auditionKey)));
  if (missing.length === 0) return 0;
  log.info(`Making loop audition files for ${missing.length} loops…`);
  let made = 0;
  for (const loop of missing) {
    try {
      const preview = await storage.get('public', loop.previewKey);
      const wav = await encode(new Uint8Array(preview.buffer, preview.byteOffset, preview.byteLength));
      const key = `auditions/loop-${loop.id}-${shortHash(wav)}.wav`;
      await storage.put('public', key, wav);
      await database.db.update(tracks).set({ auditionKey: key }).where(eq(tracks.id, loop.id));
      made++;
    } catch (error) {
      log.info(`  loop ${loop.id}: no audition file (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return made;
}
