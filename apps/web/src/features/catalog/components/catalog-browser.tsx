import { ltr } from '@/lib/i18n/bidi';
import { catalogName, noteName } from '@/lib/i18n/catalog-names';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FacetSuggestion, FilterResponse, TrackKind } from '@tarab/contracts';
import { useFilterOptions } from '../api/get-filter-options';
import { useCatalogTracks } from '../hooks/use-catalog-tracks';
import {
  searchParamsOf,
  selectionFromSearchParams,
  type FilterSelection,
  type NameFilterKey,
  type OptionFilterKey,
} from '../lib/filter-selection';
import { applyFacetSuggestion } from '../lib/facet-suggestion';
import type { TrackListBindings } from '../types';
import { FilterBar, type FilterCategory } from './filter-bar';
import { DidYouMean } from './did-you-mean';
import { SearchBox } from './search-box';
import { TrackList } from './track-list';

/**
 * What explains a search (count, correction, names, facet chips): shown only once something is
 * searched, so its code is fetched then and stays out of the home page's first JavaScript.
 */
const explanation = () => import('./search-explanation');
const SearchSummary = lazy(() => explanation().then((m) => ({ default: m.SearchSummary })));
const SearchNameMatches = lazy(() => explanation().then((m) => ({ default: m.SearchNameMatches })));
const FacetSuggestions = lazy(() => explanation().then((m) => ({ default: m.FacetSuggestions })));

type Filters = FilterResponse['filters'];

/** The musical facets (issue 18), after each kind's own filters. */
const label = defineMessages({
  maqam_family: { id: 'filters.maqamFamily', defaultMessage: 'Maqam family' },
  maqam: { id: 'filters.maqam', defaultMessage: 'Maqam' },
  jins_lower: { id: 'filters.jinsLower', defaultMessage: 'Lower jins' },
  jins_upper: { id: 'filters.jinsUpper', defaultMessage: 'Upper jins' },
  tonic: { id: 'filters.tonic', defaultMessage: 'Tonic' },
  iqa: { id: 'filters.iqa', defaultMessage: "Iqa''" },
  meter: { id: 'filters.meter', defaultMessage: 'Meter' },
  genre: { id: 'filters.genre', defaultMessage: 'Genre' },
  mood: { id: 'filters.mood', defaultMessage: 'Mood' },
  theme: { id: 'filters.theme', defaultMessage: 'Theme' },
  instrument: { id: 'filters.instrument', defaultMessage: 'Instrument' },
  region: { id: 'filters.region', defaultMessage: 'Region' },
  scale: { id: 'filters.scale', defaultMessage: 'Scale' },
});

const musicalCategories: ReadonlyArray<{ key: NameFilterKey; label: MessageDescriptor }> = [
  { key: 'maqam_family', label: label.maqam_family },
  { key: 'maqam', label: label.maqam },
  { key: 'jins_lower', label: label.jins_lower },
  { key: 'jins_upper', label: label.jins_upper },
  { key: 'tonic', label: label.tonic },
  { key: 'iqa', label: label.iqa },
  { key: 'meter', label: label.meter },
];

/** The filter categories of each kind (spec §3 "Filter state keys"), then the musical facets. */
const categoriesOf: Record<TrackKind, ReadonlyArray<{ key: OptionFilterKey; label: MessageDescriptor }>> = {
  music: [
    { key: 'genre', label: label.genre },
    { key: 'mood', label: label.mood },
    { key: 'theme', label: label.theme },
    { key: 'instrument', label: label.instrument },
    { key: 'region', label: label.region },
    ...musicalCategories,
  ],
  loop: [
    { key: 'instrument', label: label.instrument },
    { key: 'genre', label: label.genre },
    { key: 'mood', label: label.mood },
    { key: 'scale', label: label.scale },
    ...musicalCategories,
  ],
};

const isNameKey = (key: OptionFilterKey): key is NameFilterKey => musicalCategories.some((c) => c.key === key);

/**
 * The options of one filter key, labelled in the page's language (decision 046); scales by name,
 * else key and key type.
 */
function choicesOf(filters: Filters | undefined, key: OptionFilterKey, locale: string): FilterCategory['options'] {
  if (!filters) return [];
  if (isNameKey(key)) {
    // Older servers (and test doubles) may not send the musical facets.
    const name = (text: string) =>
      key === 'tonic'
        ? noteName(text, locale)
        : key === 'meter'
          ? (ltr(locale, text) ?? text)
          : catalogName(text, locale);
    return (filters[key] ?? []).map((o) => ({ id: o.value, label: name(o.label), count: o.count }));
  }
  if (key === 'scale') {
    return filters.scale.map((s) => ({
      id: s.id,
      label:
        locale === 'ar'
          ? `${catalogName(s.key_type, locale)} ${noteName(s.key, locale)}`
          : s.name || `${s.key} ${s.key_type}`,
      count: s.count,
    }));
  }
  const list = {
    genre: filters.genres,
    mood: filters.moods,
    theme: filters.themes,
    instrument: filters.instruments,
    region: filters.regions,
  }[key];
  return list.map((o) => ({ id: o.id, label: catalogName(o.name, locale), count: o.count }));
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
  const intl = useIntl();
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
  // A filter suggested for a search that found nothing: it joins the selection, its word leaves the keyword.
  const pickFacet = useCallback(
    (suggestion: FacetSuggestion) =>
      setSearchParams(
        (current) => {
          const next = applyFacetSuggestion(selectionFromSearchParams(current), current.get('q') ?? '', suggestion);
          return searchParamsOf(next.selection, next.keyword, current);
        },
        { preventScrollReset: true },
      ),
    [setSearchParams],
  );
  const options = useFilterOptions({ kind, filters: selection, keyword });
  const { source, listKey } = useCatalogTracks({ kind, filters: selection, keyword });

  // Spec §8: a failed filter request is only logged.
  useEffect(() => {
    if (options.error) console.error('Failed to fetch filtered data', options.error);
  }, [options.error]);

  const filters = options.data?.filters;
  const categories = categoriesOf[kind].map(({ key, label }) => ({
    key,
    label: intl.formatMessage(label),
    options: choicesOf(filters, key, intl.locale),
  }));

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <h2 id={headingId} className="text-3xl font-bold text-fg sm:text-4xl">
          {title}
        </h2>
        <SearchBox
          value={keyword}
          onSearch={setKeyword}
          label={
            kind === 'loop'
              ? intl.formatMessage({ id: 'catalog.searchLoops', defaultMessage: 'Search loops' })
              : intl.formatMessage({ id: 'catalog.searchMusic', defaultMessage: 'Search music' })
          }
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
        <Suspense fallback={null}>
          <SearchSummary source={source} keyword={keyword} />
          <SearchNameMatches explanation={source.explanation} />
        </Suspense>
      ) : null}
      <TrackList
        key={listKey}
        source={source}
        label={
          kind === 'loop'
            ? intl.formatMessage({ id: 'catalog.loopsLabel', defaultMessage: 'Loops' })
            : intl.formatMessage({ id: 'catalog.tracksLabel', defaultMessage: 'Tracks' })
        }
        playback={playback}
        renderActions={renderActions}
      />
      {keyword ? <DidYouMean source={source} onSearch={setKeyword} /> : null}
      {keyword ? (
        <Suspense fallback={null}>
          <FacetSuggestions source={source} onPick={pickFacet} />
        </Suspense>
      ) : null}
    </section>
  );
}
