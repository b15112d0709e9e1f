import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FilterResponse, TrackKind } from '@tarab/contracts';
import { useFilterOptions } from '../api/get-filter-options';
import { useCatalogTracks } from '../hooks/use-catalog-tracks';
import {
  searchParamsOf,
  selectionFromSearchParams,
  type FilterSelection,
  type NameFilterKey,
  type OptionFilterKey,
} from '../lib/filter-selection';
import type { TrackListBindings } from '../types';
import { FilterBar, type FilterCategory } from './filter-bar';
import { DidYouMean } from './did-you-mean';
import { SearchBox } from './search-box';
import { TrackList } from './track-list';

type Filters = FilterResponse['filters'];

/** The musical facets (issue 18), after each kind's own filters. */
const musicalCategories: ReadonlyArray<{ key: NameFilterKey; label: string }> = [
  { key: 'maqam_family', label: 'Maqam family' },
  { key: 'maqam', label: 'Maqam' },
  { key: 'jins_lower', label: 'Lower jins' },
  { key: 'jins_upper', label: 'Upper jins' },
  { key: 'tonic', label: 'Tonic' },
  { key: 'iqa', label: "Iqa'" },
  { key: 'meter', label: 'Meter' },
];

/** The filter categories of each kind (spec §3 "Filter state keys"), then the musical facets. */
const categoriesOf: Record<TrackKind, ReadonlyArray<{ key: OptionFilterKey; label: string }>> = {
  music: [
    { key: 'genre', label: 'Genre' },
    { key: 'mood', label: 'Mood' },
    { key: 'theme', label: 'Theme' },
    { key: 'instrument', label: 'Instrument' },
    { key: 'region', label: 'Region' },
    ...musicalCategories,
  ],
  loop: [
    { key: 'instrument', label: 'Instrument' },
    { key: 'genre', label: 'Genre' },
    { key: 'mood', label: 'Mood' },
    { key: 'scale', label: 'Scale' },
    ...musicalCategories,
  ],
};

const isNameKey = (key: OptionFilterKey): key is NameFilterKey => musicalCategories.some((c) => c.key === key);

/** The options of one filter key, labelled; scales by name, else key and key type. */
function choicesOf(filters: Filters | undefined, key: OptionFilterKey): FilterCategory['options'] {
  if (!filters) return [];
  if (isNameKey(key)) {
    // Older servers (and test doubles) may not send the musical facets.
    return (filters[key] ?? []).map((o) => ({ id: o.value, label: o.label, count: o.count }));
  }
  if (key === 'scale') {
    return filters.scale.map((s) => ({ id: s.id, label: s.name || `${s.key} ${s.key_type}`, count: s.count }));
  }
  const list = {
    genre: filters.genres,
    mood: filters.moods,
    theme: filters.themes,
    instrument: filters.instruments,
    region: filters.regions,
  }[key];
  return list.map((o) => ({ id: o.id, label: o.name, count: o.count }));
}

type CatalogBrowserProps = TrackListBindings & {
  kind: TrackKind;
  /** The h2 above the list. */
  title: string;
  headingId: string;
};

/**
 * Search box, filter bar and the track list of a kind (home: music; /loops: loops).
 * Filter option counts come from `POST /api/filter` for the current selection and keyword.
 * The selection and the keyword live in the URL (`?maqam=Bayati&tonic=D&q=oud`): a filtered view can
 * be shared, and Back undoes a filter.
 */
export function CatalogBrowser({ kind, title, headingId, playback, renderActions }: CatalogBrowserProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const paramsText = searchParams.toString();
  const selection = useMemo(() => selectionFromSearchParams(new URLSearchParams(paramsText)), [paramsText]);
  const keyword = searchParams.get('q') ?? '';
  const setSelection = useCallback(
    (next: FilterSelection) =>
      setSearchParams((current) => searchParamsOf(next, current.get('q') ?? '', current), {
        preventScrollReset: true,
      }),
    [setSearchParams],
  );
  const setKeyword = useCallback(
    (next: string) =>
      setSearchParams((current) => searchParamsOf(selectionFromSearchParams(current), next, current), {
        preventScrollReset: true,
      }),
    [setSearchParams],
  );
  const options = useFilterOptions({ kind, filters: selection, keyword });
  const { source, listKey } = useCatalogTracks({ kind, filters: selection, keyword });

  // Spec §8: a failed filter request is only logged.
  useEffect(() => {
    if (options.error) console.error('Failed to fetch filtered data', options.error);
  }, [options.error]);

  const filters = options.data?.filters;
  const categories = categoriesOf[kind].map(({ key, label }) => ({ key, label, options: choicesOf(filters, key) }));
  const noun = kind === 'loop' ? 'loops' : 'music';

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <h2 id={headingId} className="text-3xl font-bold text-fg sm:text-4xl">
          {title}
        </h2>
        <SearchBox
          value={keyword}
          onSearch={setKeyword}
          label={`Search ${noun}`}
          className="lg:max-w-md"
          suggestFor={kind}
        />
      </div>
      <FilterBar
        categories={categories}
        selection={selection}
        onChange={setSelection}
        bpm={kind === 'loop' && filters && filters.bpm.max > filters.bpm.min ? filters.bpm : undefined}
        isLoading={options.isPending}
      />
      {keyword ? (
        <p className="text-sm text-fg-muted" aria-live="polite">
          Results for <span className="font-semibold text-fg">&ldquo;{keyword}&rdquo;</span>
          {source.status === 'success' ? ` · ${source.total} ${source.total === 1 ? 'track' : 'tracks'}` : null}
        </p>
      ) : null}
      <TrackList
        key={listKey}
        source={source}
        label={kind === 'loop' ? 'Loops' : 'Tracks'}
        playback={playback}
        renderActions={renderActions}
      />
      {keyword ? <DidYouMean source={source} onSearch={setKeyword} /> : null}
    </section>
  );
}
