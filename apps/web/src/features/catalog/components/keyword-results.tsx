import { FormattedMessage, useIntl } from 'react-intl';
import type { FacetSuggestion, TrackKind } from '@tarab/contracts';
import { useCatalogTracks } from '../hooks/use-catalog-tracks';
import type { FilterSelection } from '../lib/filter-selection';
import type { TrackListBindings } from '../types';
import { DidYouMean } from './did-you-mean';
import { FacetSuggestions, SearchNameMatches, SearchSummary } from './search-explanation';
import { TrackList } from './track-list';

type KeywordResultsProps = TrackListBindings & {
  kind: TrackKind;
  keyword: string;
  filters?: FilterSelection;
  onClear: () => void;
  /** Runs another search (the "Did you mean" link). */
  onSearch: (keyword: string) => void;
  /** Applies a filter suggested for a search that found nothing; without it no filters are suggested. */
  onPickFacet?: (suggestion: FacetSuggestion) => void;
};

/**
 * The results of a search typed on a page that has no list of its own (e.g. /music): the count, how a
 * typo was read, the artists and albums the term names, the tracks, and what to try when nothing matched.
 */
export function KeywordResults({
  kind,
  keyword,
  filters,
  onClear,
  onSearch,
  onPickFacet,
  playback,
  renderActions,
}: KeywordResultsProps) {
  const { source, listKey } = useCatalogTracks({ kind, keyword, ...(filters ? { filters } : {}) });
  const intl = useIntl();
  return (
    <section aria-labelledby="keyword-results-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="keyword-results-title" className="text-2xl font-bold text-fg sm:text-3xl">
          {keyword ? (
            <FormattedMessage
              id="catalog.resultsForTitle"
              defaultMessage="Results for “{keyword}”"
              values={{ keyword }}
            />
          ) : (
            <FormattedMessage id="search.results" defaultMessage="Search results" />
          )}
        </h2>
        <button
          type="button"
          onClick={onClear}
          className="h-9 rounded-full px-3 text-sm font-semibold text-accent hover:bg-white/5"
        >
          <FormattedMessage id="search.clear" defaultMessage="Clear search" />
        </button>
      </div>
      <SearchSummary source={source} />
      <SearchNameMatches explanation={source.explanation} />
      <TrackList
        key={listKey}
        source={source}
        label={intl.formatMessage({ id: 'search.results', defaultMessage: 'Search results' })}
        playback={playback}
        renderActions={renderActions}
      />
      <DidYouMean source={source} onSearch={onSearch} />
      {onPickFacet ? <FacetSuggestions source={source} onPick={onPickFacet} /> : null}
    </section>
  );
}
