import { MusicalFacetKeys, type MusicalFacetKey } from '@tarab/contracts/facets';
import type { QueryParams } from '@/lib/api-client';

/** The id filters of spec §3 "Filter state keys" (home: tag keys; loops: also scale). */
type IdFilterKey = 'genre' | 'mood' | 'theme' | 'instrument' | 'region' | 'scale';
/** The musical facets (issue 18): values are names ("Bayati", "D", "Maqsum", "10/8"). */
export type NameFilterKey = MusicalFacetKey;
export type OptionFilterKey = IdFilterKey | NameFilterKey;
/** An option's value: an id (tags, scales) or a name (musical facets). */
export type FilterValue = number | string;

/** The filters the user picked: option values per key, and for loops a BPM range. */
export type FilterSelection = { readonly [K in OptionFilterKey]?: readonly FilterValue[] } & {
  readonly bpm_min?: number;
  readonly bpm_max?: number;
};

const idKeys: readonly IdFilterKey[] = ['genre', 'mood', 'theme', 'instrument', 'region', 'scale'];
const optionKeys: readonly OptionFilterKey[] = [...idKeys, ...MusicalFacetKeys];

/** Adds the value when absent, removes it when present. */
export function toggleFilterValue(
  selection: FilterSelection,
  key: OptionFilterKey,
  value: FilterValue,
): FilterSelection {
  const current = selection[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...selection, [key]: next };
}

/** Removes one value (a chip's ×). */
export function removeFilterValue(
  selection: FilterSelection,
  key: OptionFilterKey,
  value: FilterValue,
): FilterSelection {
  return { ...selection, [key]: (selection[key] ?? []).filter((v) => v !== value) };
}

export function countSelected(selection: FilterSelection): number {
  const options = optionKeys.reduce((sum, key) => sum + (selection[key]?.length ?? 0), 0);
  return options + (selection.bpm_min !== undefined ? 1 : 0) + (selection.bpm_max !== undefined ? 1 : 0);
}

export const hasFilters = (selection: FilterSelection): boolean => countSelected(selection) > 0;

/**
 * A keyword alone is a search (`POST /api/music/filter`); filters, with or without a keyword, are a
 * list (`GET /api/music` / `GET /api/loop`, which apply both). `keyword` is trimmed.
 */
export const isCatalogSearch = (keyword: string, selection: FilterSelection): boolean =>
  keyword !== '' && !hasFilters(selection);

const sorted = (values: readonly FilterValue[]) =>
  [...values].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
  );

/**
 * The selection as query parameters, keys in a fixed order and values sorted (stable cache keys).
 * Only non-empty filters are sent (spec §5); arrays go out as `genre[]=1&genre[]=2`.
 */
export function toFilterQuery(selection: FilterSelection = {}): QueryParams {
  const query: Record<string, readonly FilterValue[] | number> = {};
  for (const key of optionKeys) {
    const values = selection[key];
    if (values && values.length > 0) query[key] = sorted(values);
  }
  if (selection.bpm_min !== undefined) query['bpm_min'] = selection.bpm_min;
  if (selection.bpm_max !== undefined) query['bpm_max'] = selection.bpm_max;
  return query;
}

const whole = (text: string | null) => (text !== null && /^\d{1,4}$/.test(text) ? Number(text) : undefined);

/**
 * The selection kept in the page's URL (a filtered view can be shared): `?genre=3,5&maqam=Bayati&tonic=D
 * &bpm_min=90&q=oud`. Ids are numbers; names as written; anything else is ignored.
 */
export function selectionFromSearchParams(params: URLSearchParams): FilterSelection {
  const selection: Record<string, readonly FilterValue[] | number> = {};
  for (const key of optionKeys) {
    const values = params
      .getAll(key)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (values.length === 0) continue;
    if ((idKeys as readonly string[]).includes(key)) {
      const ids = values.filter((v) => /^[1-9]\d{0,9}$/.test(v)).map(Number);
      if (ids.length > 0) selection[key] = [...new Set(ids)];
    } else {
      selection[key] = [...new Set(values.filter((v) => v.length <= 40))];
    }
  }
  const min = whole(params.get('bpm_min'));
  const max = whole(params.get('bpm_max'));
  if (min !== undefined) selection['bpm_min'] = min;
  if (max !== undefined) selection['bpm_max'] = max;
  return selection as FilterSelection;
}

/** The search parameters of a selection and keyword (`q`), in a fixed order; other parameters kept. */
export function searchParamsOf(selection: FilterSelection, keyword: string, keep?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of keep ?? []) {
    if (!(optionKeys as readonly string[]).includes(key) && !['bpm_min', 'bpm_max', 'q'].includes(key)) {
      out.append(key, value);
    }
  }
  const query = toFilterQuery(selection);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    out.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (keyword.trim() !== '') out.set('q', keyword.trim());
  return out;
}
