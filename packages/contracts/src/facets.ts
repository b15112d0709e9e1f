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

/**
 * The store's lexicon of maqamat, ajnas, tonics and iqa'at for the artist's pickers and the server's
 * checks (issue #32 item 10, decision 059): the same names as the synthesizer's tables (`MAQAMAT`,
 * `IQAAT` in packages/audio; a server test keeps the two equal). Jins and family are properties of a
 * maqam (its lower and upper ajnas), so a track stores the maqam; the meter is its iqa's.
 */
export const MAQAM_LEXICON = [
  { name: 'Rast', family: 'Rast', ajnas: ['Rast', 'Rast'], tonics: ['C', 'G', 'F'] },
  { name: 'Bayati', family: 'Bayati', ajnas: ['Bayati', 'Nahawand'], tonics: ['D', 'A', 'G'] },
  { name: 'Hijaz', family: 'Hijaz', ajnas: ['Hijaz', 'Nahawand'], tonics: ['D', 'A', 'G'] },
  { name: 'Saba', family: 'Saba', ajnas: ['Saba', 'Hijaz'], tonics: ['D', 'A'] },
  { name: 'Nahawand', family: 'Nahawand', ajnas: ['Nahawand', 'Kurd'], tonics: ['C', 'G', 'D'] },
  { name: 'Kurd', family: 'Kurd', ajnas: ['Kurd', 'Nahawand'], tonics: ['D', 'A'] },
  { name: 'Sikah', family: 'Sikah', ajnas: ['Sikah', 'Rast'], tonics: ['E half-flat', 'B half-flat'] },
  { name: 'Ajam', family: 'Ajam', ajnas: ['Ajam', 'Ajam'], tonics: ['Bb', 'C', 'F'] },
  { name: 'Huzam', family: 'Sikah', ajnas: ['Sikah', 'Hijaz'], tonics: ['E half-flat'] },
  { name: 'Nikriz', family: 'Nawa Athar', ajnas: ['Nikriz', 'Nahawand'], tonics: ['C', 'G'] },
  { name: 'Jiharkah', family: 'Ajam', ajnas: ['Jiharkah', 'Jiharkah'], tonics: ['F', 'C'] },
  { name: 'Hijazkar', family: 'Hijaz', ajnas: ['Hijaz', 'Hijaz'], tonics: ['C', 'D'] },
] as const satisfies ReadonlyArray<{
  name: string;
  family: string;
  ajnas: readonly [string, string];
  tonics: readonly string[];
}>;
export type MaqamName = (typeof MAQAM_LEXICON)[number]['name'];
export const MAQAM_NAMES = MAQAM_LEXICON.map((m) => m.name) as [MaqamName, ...MaqamName[]];

/** The ajnas of the lexicon (lower and upper, each once, in the order of the maqamat). */
export const JINS_NAMES: readonly string[] = [...new Set(MAQAM_LEXICON.flatMap((m) => m.ajnas))];

/** Tonics an artist may choose, in pitch order from C: the 24-tone names the tuning maths reads. */
export const TONIC_NAMES = [
  'C',
  'C#',
  'D',
  'Eb',
  'E half-flat',
  'E',
  'F',
  'F#',
  'G',
  'Ab',
  'A half-flat',
  'A',
  'Bb',
  'B half-flat',
  'B',
] as const;
export type TonicName = (typeof TONIC_NAMES)[number];

export const IQA_LEXICON = [
  { name: 'Maqsum', meter: '4/4' },
  { name: 'Baladi', meter: '4/4' },
  { name: 'Saidi', meter: '4/4' },
  { name: 'Wahda', meter: '4/4' },
  { name: 'Ayyub', meter: '2/4' },
  { name: 'Malfuf', meter: '2/4' },
  { name: "Sama'i Thaqil", meter: '10/8' },
  { name: 'Karsilama', meter: '9/8' },
] as const;
export type IqaName = (typeof IQA_LEXICON)[number]['name'];
export const IQA_NAMES = IQA_LEXICON.map((i) => i.name) as [IqaName, ...IqaName[]];
export const METER_NAMES = [...new Set(IQA_LEXICON.map((i) => i.meter))] as [string, ...string[]];

/** The meter of an iqa' of the lexicon (`Sama'i Thaqil` → `10/8`). */
export const meterOfIqa = (iqa: string): string | undefined => IQA_LEXICON.find((i) => i.name === iqa)?.meter;
