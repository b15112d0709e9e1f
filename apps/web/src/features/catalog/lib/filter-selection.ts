import type { QueryParams } from '@/lib/api-client';

/** The option filters of spec §3 "Filter state keys" (home: tag keys; loops: also scale). */
export type OptionFilterKey = 'genre' | 'mood' | 'theme' | 'instrument' | 'region' | 'scale';

/** The filters the user picked: option ids per key, and for loops a BPM range. */
export type FilterSelection = { readonly [K in OptionFilterKey]?: readonly number[] } & {
  readonly bpm_min?: number;
  readonly bpm_max?: number;
};

const optionKeys: readonly OptionFilterKey[] = ['genre', 'mood', 'theme', 'instrument', 'region', 'scale'];

/** Adds the id when absent, removes it when present. */
export function toggleFilterValue(selection: FilterSelection, key: OptionFilterKey, id: number): FilterSelection {
  const current = selection[key] ?? [];
  const next = current.includes(id) ? current.filter((value) => value !== id) : [...current, id];
  return { ...selection, [key]: next };
}

/** Removes one value (a chip's ×). */
export function removeFilterValue(selection: FilterSelection, key: OptionFilterKey, id: number): FilterSelection {
  return { ...selection, [key]: (selection[key] ?? []).filter((value) => value !== id) };
}

export function countSelected(selection: FilterSelection): number {
  const options = optionKeys.reduce((sum, key) => sum + (selection[key]?.length ?? 0), 0);
  return options + (selection.bpm_min !== undefined ? 1 : 0) + (selection.bpm_max !== undefined ? 1 : 0);
}

export const hasFilters = (selection: FilterSelection): boolean => countSelected(selection) > 0;

/**
 * The selection as query parameters, keys in a fixed order and ids sorted (stable cache keys).
 * Only non-empty filters are sent (spec §5); arrays go out as `genre[]=1&genre[]=2`.
 */
export function toFilterQuery(selection: FilterSelection = {}): QueryParams {
  const query: Record<string, readonly number[] | number> = {};
  for (const key of optionKeys) {
    const ids = selection[key];
    if (ids && ids.length > 0) query[key] = [...ids].sort((a, b) => a - b);
  }
  if (selection.bpm_min !== undefined) query['bpm_min'] = selection.bpm_min;
  if (selection.bpm_max !== undefined) query['bpm_max'] = selection.bpm_max;
  return query;
}
