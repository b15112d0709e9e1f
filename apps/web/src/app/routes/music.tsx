import { useIntl } from 'react-intl';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FacetSuggestion } from '@tarab/contracts';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { ArtistShelf } from '@/features/catalog/components/artist-shelf';
import { CategoryBrowser } from '@/features/catalog/components/category-browser';
import { KeywordResults } from '@/features/catalog/components/keyword-results';
import { SearchBox } from '@/features/catalog/components/search-box';
import { applyFacetSuggestion, SelectedFilters } from '@/features/catalog/components/search-explanation';
import {
  hasFilters,
  searchParamsOf,
  selectionFromSearchParams,
  type FilterSelection,
} from '@/features/catalog/lib/filter-selection';
import { useTrackListBindings } from '../compose/track-actions';

/**
 * /music (spec §2): grids of Genres, Moods, Themes, Instruments; the first 5 artists; View all Artists.
 * A search lives in the URL (`/music?q=hijaz`, with the filters it suggested: `&mood=3`): each search
 * is a history entry, so Back, Forward, a reload and a shared link show it again.
 */
export default function MusicRoute() {
  const bindings = useTrackListBindings();
  const [searchParams, setSearchParams] = useSearchParams();
  const intl = useIntl();
  const keyword = searchParams.get('q') ?? '';
  const paramsText = searchParams.toString();
  const selection = useMemo(() => selectionFromSearchParams(new URLSearchParams(paramsText)), [paramsText]);
  const searching = keyword !== '' || hasFilters(selection);

  const setSearch = useCallback(
    (nextSelection: FilterSelection, nextKeyword: string) =>
      setSearchParams((current) => searchParamsOf(nextSelection, nextKeyword, current), { preventScrollReset: true }),
    [setSearchParams],
  );
  // A new keyword starts a new search: the filters of the last one do not carry over.
  const search = useCallback((next: string) => setSearch({}, next), [setSearch]);
  const pickFacet = useCallback(
    (suggestion: FacetSuggestion) => {
      const next = applyFacetSuggestion(selection, keyword, suggestion);
      setSearch(next.selection, next.keyword);
    },
    [selection, keyword, setSearch],
  );

  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'music.eyebrow', defaultMessage: 'Browse' })}
        title={intl.formatMessage({ id: 'nav.music', defaultMessage: 'Music' })}
        description={intl.formatMessage({
          id: 'music.description',
          defaultMessage: 'Explore oriental music by genre, mood, theme and instrument.',
        })}
      />
      <Container className="flex flex-col gap-14 pt-8 sm:gap-16">
        <div className="flex flex-col gap-3">
          <SearchBox
            value={keyword}
            onSearch={search}
            label={intl.formatMessage({ id: 'catalog.searchMusic', defaultMessage: 'Search music' })}
            className="max-w-2xl"
            suggestFor="music"
          />
          <SelectedFilters kind="music" selection={selection} onChange={(next) => setSearch(next, keyword)} />
        </div>
        {searching ? (
          <KeywordResults
            kind="music"
            keyword={keyword}
            filters={selection}
            onClear={() => setSearch({}, '')}
            onSearch={search}
            onPickFacet={pickFacet}
            {...bindings}
          />
        ) : null}
        <CategoryBrowser />
        <ArtistShelf />
      </Container>
    </>
  );
}
