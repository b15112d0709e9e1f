import { meterOfIqa, type TrackMetadataPatch } from '@tarab/contracts';
import { fieldError } from '../../lib/errors.js';

/**
 * The musical facets an artist sets (issue #32 item 10, decision 059): maqam, tonic, iqa' and meter,
 * written to the same track columns the demo catalog fills, so facets, search, tuning files and the
 * track page treat uploads alike. The names are checked by the contract (lexicon values only); this
 * adds the rule between two fields: a meter sent with an iqa' is that iqa's.
 */
export type MusicalColumns = Partial<Record<'maqam' | 'tonic' | 'iqa' | 'meter', string | null>>;

/** 422 when the meter sent is not the meter of the iqa' sent. */
export function checkMusicalMetadata(m: TrackMetadataPatch): void {
  if (!m.iqa || !m.meter) return;
  const meter = meterOfIqa(m.iqa);
  if (meter && meter !== m.meter) {
    throw fieldError('meter_of_iqa', 'meter', { iqa: m.iqa, meter });
  }
}

/**
 * The columns to write for what the metadata carries (left-out fields stay as they are, null clears).
 * An iqa' without a meter sets its meter. A loop's scale is its maqam and tonic: when the same request
 * sets a scale, the scale's maqam and tonic win.
 */
export function musicalColumnsOf(kind: 'music' | 'loop', m: TrackMetadataPatch): MusicalColumns {
  const columns: MusicalColumns = {};
  const scaleSet = kind === 'loop' && m.scale_id !== undefined && m.scale_id !== null;
  if (m.maqam !== undefined && !scaleSet) columns.maqam = m.maqam;
  if (m.tonic !== undefined && !scaleSet) columns.tonic = m.tonic;
  if (m.iqa !== undefined) columns.iqa = m.iqa;
  if (m.meter !== undefined) columns.meter = m.meter;
  if (m.iqa && !m.meter) columns.meter = meterOfIqa(m.iqa) ?? null;
  return columns;
}
