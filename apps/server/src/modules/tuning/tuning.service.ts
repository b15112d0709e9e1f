import { findMaqam, isNoteName, keyboardMapping, scalaScale, tuningFileStem } from '@tarab/audio';
import { type TrackKind, type TuningFormat } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { findTuningSource } from './tuning.repo.js';

export interface TuningFileOut {
  filename: string;
  body: string;
}

/** Scala text is ASCII: a title with other letters keeps its ASCII letters only. */
const ascii = (text: string) =>
  text
    .replace(/[^\x20-\x7e]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The Scala scale (`scl`) or keyboard mapping (`kbm`) of a published track or loop, from the maqam
 * and tonic the catalog holds and the interval data the synthesizer plays (packages/audio). Items
 * without a known maqam or tonic have none (404, the same as an unknown or unpublished item).
 */
export async function getTuningFile(
  db: DbOrTx,
  kind: TrackKind,
  id: number,
  format: TuningFormat,
): Promise<TuningFileOut> {
  const item = await findTuningSource(db, kind, id);
  const maqam = findMaqam(item?.maqam);
  if (!item || !maqam || !isNoteName(item.tonic)) throw notFound('tuning_not_found');
  const stem = tuningFileStem(maqam.name, item.tonic);
  const title = ascii(`${item.title}: maqam ${maqam.name} on ${item.tonic} (Tarab ${kind} ${id})`);
  return {
    filename: `${stem}.${format}`,
    body: format === 'scl' ? scalaScale(maqam.name, item.tonic, title) : keyboardMapping(maqam.name, item.tonic),
  };
}
