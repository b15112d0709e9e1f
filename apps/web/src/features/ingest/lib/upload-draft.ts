import { TrackMetadata, type TrackKind, type TrackMetadataInput } from '@tarab/contracts';
import type { IntlShape } from 'react-intl';
import type { FieldErrors } from '@/lib/api-client';
import { codeText } from '@/lib/i18n/error-text';
import { schemaErrors } from './ingest-messages';

/** The tag pickers of the form, by their metadata field. */
export const TAG_FIELDS = ['genre', 'mood', 'theme', 'instrument'] as const;
export type TagField = (typeof TAG_FIELDS)[number];

/** What the upload form holds while the artist fills it in (inputs keep their text). */
export type UploadDraft = {
  file: File | null;
  title: string;
  /** The optional Arabic title, as typed ('' for none). */
  titleAr: string;
  kind: TrackKind;
  /** '' for none. */
  albumId: string;
  genre: number[];
  mood: number[];
  theme: number[];
  instrument: number[];
  /** '' for none. */
  regionId: string;
  /** Loops only; '' for none. */
  scaleId: string;
  /** The musical facets from the store's lexicon (issue #32 item 10); '' for none. Music: maqam and tonic (a loop's scale is both). */
  maqam: string;
  tonic: string;
  iqa: string;
  meter: string;
  /** '' to keep the detected tempo. */
  bpm: string;
  /** US dollars, as typed. */
  price: string;
  publish: boolean;
};

export const emptyDraft: UploadDraft = {
  file: null,
  title: '',
  titleAr: '',
  kind: 'music',
  albumId: '',
  genre: [],
  mood: [],
  theme: [],
  instrument: [],
  regionId: '',
  scaleId: '',
  maqam: '',
  tonic: '',
  iqa: '',
  meter: '',
  bpm: '',
  price: '',
  publish: false,
};

/** The fields the form has an input for (the server's field names); others go to the form's alert. */
export const FORM_FIELDS = [
  'file',
  'title',
  'title_ar',
  'kind',
  'album_id',
  ...TAG_FIELDS,
  'region_id',
  'scale_id',
  'maqam',
  'tonic',
  'iqa',
  'meter',
  'bpm',
  'price',
  'publish',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** The server's field name for each input of the form (its errors come back by that name). */
export const FIELD_OF_DRAFT_KEY: Record<keyof UploadDraft, FormField> = {
  file: 'file',
  title: 'title',
  titleAr: 'title_ar',
  kind: 'kind',
  albumId: 'album_id',
  genre: 'genre',
  mood: 'mood',
  theme: 'theme',
  instrument: 'instrument',
  regionId: 'region_id',
  scaleId: 'scale_id',
  maqam: 'maqam',
  tonic: 'tonic',
  iqa: 'iqa',
  meter: 'meter',
  bpm: 'bpm',
  price: 'price',
  publish: 'publish',
};

const optionalId = (text: string): number | null => (text === '' ? null : Number(text));
/** A lexicon name as chosen ('' for none); the contract checks it (the server has the last word). */
const optionalName = (text: string) => (text === '' ? null : (text as never));

/** The draft as the metadata JSON the server takes (a scale only for loops; an empty price left out). */
export function toMetadata(draft: UploadDraft): TrackMetadataInput {
  const price = draft.price.trim();
  const bpm = draft.bpm.trim();
  const titleAr = draft.titleAr.trim();
  return {
    title: draft.title.trim(),
    // Left out when empty: no Arabic title.
    ...(titleAr === '' ? {} : { title_ar: titleAr }),
    kind: draft.kind,
    album_id: optionalId(draft.albumId),
    genre: draft.genre,
    mood: draft.mood,
    theme: draft.theme,
    instrument: draft.instrument,
    region_id: optionalId(draft.regionId),
    scale_id: draft.kind === 'loop' ? optionalId(draft.scaleId) : null,
    // A loop's scale is its maqam and tonic: the pickers are the music's.
    maqam: draft.kind === 'loop' ? null : optionalName(draft.maqam),
    tonic: draft.kind === 'loop' ? null : optionalName(draft.tonic),
    iqa: optionalName(draft.iqa),
    meter: optionalName(draft.meter),
    bpm: bpm === '' ? null : Number(bpm),
    // Left out of the JSON when empty: "The price field is required."
    price: price === '' ? undefined : Number(price),
    publish: draft.publish,
  };
}

const BYTES_PER_MB = 1024 * 1024;

/**
 * The file checks the browser can make (the server has the final word), in the page's language: the
 * codes the server would answer, `file_missing` and `file_too_large` with its limit.
 */
export function fileProblem(intl: IntlShape, file: File | null, maxUploadMb: number): string | null {
  if (!file || file.size === 0) return codeText(intl, 'file_missing');
  if (file.size > maxUploadMb * BYTES_PER_MB) return codeText(intl, 'file_too_large', { max_mb: maxUploadMb });
  return null;
}

/**
 * Checks the draft with the contract's own metadata schema (the messages the server would send, said
 * by their codes) and the file against the upload limit. Errors by the server's field names, or null.
 */
export function validateDraft(intl: IntlShape, draft: UploadDraft, maxUploadMb: number): FieldErrors | null {
  const errors: FieldErrors = {};
  const problem = fileProblem(intl, draft.file, maxUploadMb);
  if (problem) errors['file'] = [problem];
  const parsed = TrackMetadata.safeParse(toMetadata(draft));
  if (!parsed.success) schemaErrors(intl, parsed.error.issues, errors);
  return Object.keys(errors).length > 0 ? errors : null;
}
