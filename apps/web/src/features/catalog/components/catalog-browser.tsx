import { useEffect, useState } from 'react';
import type { FilterResponse, TrackKind } from '@tarab/contracts';
import { useFilterOptions } from '../api/get-filter-options';
import { useCatalogTracks } from '../hooks/use-catalog-tracks';
import type { FilterSelection, OptionFilterKey } from '../lib/filter-selection';
import type { TrackListBindings } from '../types';
import { FilterBar, type FilterCategory } from './filter-bar';
import { DidYouMean } from './did-you-mean';
import { SearchBox } from './search-box';
import { TrackList } from './track-list';

type Filters = FilterResponse['filters'];

/** The filter categories of each kind (spec §3 "Filter state keys"). */
const categoriesOf: Record<TrackKind, ReadonlyArray<{ key: OptionFilterKey; label: string }>> = {
  music: [
    { key: 'genre', label: 'Genre' },
    { key: 'mood', label: 'Mood' },
    { key: 'theme', label: 'Theme' },
    { key: 'instrument', label: 'Instrument' },
    { key: 'region', label: 'Region' },
  ],
  loop: [
    { key: 'instrument', label: 'Instrument' },
    { key: 'genre', label: 'Genre' },
    { key: 'mood', label: 'Mood' },
    { key: 'scale', label: 'Scale' },
  ],
};

/** The options of one filter key, labelled; scales by name, else key and key type. */
function choicesOf(filters: Filters | undefined, key: OptionFilterKey): FilterCategory['options'] {
  if (!filters) return [];
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
 */
export function CatalogBrowser({ kind, title, headingId, playback, renderActions }: CatalogBrowserProps) {
  const [selection, setSelection] = useState<FilterSelection>({});
  const [keyword, setKeyword] = useState('');
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
