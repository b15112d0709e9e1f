/**
 * Zod-free constants of the maqam-first discovery (issue 18), importable by the web app without the
 * schemas (`@tarab/contracts/facets`).
 */

/** The musical facets: a value list each, OR within a facet, AND between facets. Query keys. */
export const MusicalFacetKeys = ['maqam_family', 'maqam', 'jins_lower', 'jins_upper', 'tonic', 'iqa', 'meter'] as const;
export type MusicalFacetKey = (typeof MusicalFacetKeys)[number];

export const TUNING_FORMATS = ['scl', 'kbm'] as const;
export type TuningFormat = (typeof TUNING_FORMATS)[number];

/** The link to a track's or loop's tuning file: `GET /api/tuning/{kind}/{id}.scl|.kbm`. */
export const tuningFileUrl = (kind: 'music' | 'loop', id: number, format: TuningFormat): string =>
  `/api/tuning/${kind}/${id}.${format}`;
