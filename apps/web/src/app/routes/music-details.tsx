import { catalogName } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { CategoryDto, CategoryKind } from '@tarab/contracts';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { CompassIcon } from '@/components/ui/icons';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useCategory } from '@/features/catalog/api/get-category';
import { CategoryHeader } from '@/features/catalog/components/category-header';
import { SearchBox } from '@/features/catalog/components/search-box';
import { SearchSummary } from '@/features/catalog/components/search-explanation';
import { TrackList } from '@/features/catalog/components/track-list';
import { useCatalogTracks } from '@/features/catalog/hooks/use-catalog-tracks';
import { staticTrackSource } from '@/features/catalog/hooks/use-track-source';
import { filterKeyOfType, type CategoryType } from '@/features/catalog/lib/category';
import type { FilterSelection, OptionFilterKey } from '@/features/catalog/lib/filter-selection';
import { isApiError } from '@/lib/api-client';
import { useTrackListBindings } from '../compose/track-actions';

/** The browse grid (the spec's `type`) of each kind of category; regions have none on /music. */
const typeOfKind: Record<CategoryKind, CategoryType | null> = {
  genre: 'Genres',
  mood: 'Moods',
  theme: 'Themes',
  instrument: 'Instruments',
  region: null,
};

/** The category's name in the page's language: its Arabic name from the server, else the lexicon's. */
const localName = (category: CategoryDto, locale: string) =>
  locale === 'ar' && category.name_ar ? category.name_ar : catalogName(category.name, locale);

/**
 * /music/details/:id (spec §2): a category's tracks. Everything comes from the id (`GET /api/category/:id`:
 * names in both languages, colour, image, kind), so the link stands on its own (issue #32 item 5); the
 * spec's `?title&image&bgColor&type` are still read and shown while the category loads. A type that is
 * no filter (Generics) lists the tracks matching the title instead. The search typed here is `?q=`.
 */
export default function MusicDetailsRoute() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const intl = useIntl();
  const bindings = useTrackListBindings();
  const keyword = search.get('q') ?? '';
  const setKeyword = useCallback(
    (next: string) =>
      setSearch(
        (current) => {
          const out = new URLSearchParams(current);
          if (next.trim()) out.set('q', next.trim());
          else out.delete('q');
          return out;
        },
        { preventScrollReset: true },
      ),
    [setSearch],
  );

  const optionId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  const queryType = search.get('type');
  const isGeneric = queryType !== null && queryType !== '' && filterKeyOfType(queryType) === null;
  const category = useCategory(isGeneric ? null : optionId);
  const data = category.data;
  const type = queryType || (data ? typeOfKind[data.kind] : null);
  // The filter: the link's type when it names one, else the category's own kind.
  const key: OptionFilterKey | null = filterKeyOfType(queryType) ?? (data ? data.kind : null);
  const queryTitle = search.get('title');
  const name = data
    ? localName(data, intl.locale)
    : queryTitle
      ? catalogName(queryTitle, intl.locale)
      : intl.formatMessage({ id: 'category.fallback', defaultMessage: 'Category' });
  const missing = !isGeneric && (optionId === null || (isApiError(category.error) && category.error.status === 404));

  const filters: FilterSelection = key && optionId !== null ? { [key]: [optionId] } : {};
  const categoryKeyword = isGeneric ? (queryTitle ?? '') : '';
  const list = useCatalogTracks({
    kind: 'music',
    filters,
    keyword: [categoryKeyword, keyword].filter(Boolean).join(' '),
    enabled: !missing && (key !== null || isGeneric),
  });
  // Until the category says what it is (a link with the id alone), or when it cannot exist: no list yet.
  const source = missing
    ? staticTrackSource([], 'success')
    : !key && !isGeneric
      ? staticTrackSource([], category.isError ? 'error' : 'pending')
      : list.source;

  return (
    <>
      <CategoryHeader
        title={data?.name ?? queryTitle ?? name}
        name={name}
        type={type}
        image={data?.image ?? search.get('image')}
        bgColor={data?.color ?? search.get('bgColor')}
      />
      <Container className="flex flex-col gap-6 pt-8">
        {missing ? (
          <EmptyState
            icon={<CompassIcon className="size-6" />}
            title={intl.formatMessage({
              id: 'category.notFound',
              defaultMessage: 'This category does not exist.',
            })}
            action={
              <LinkButton to={paths.music.getHref()} variant="secondary">
                <FormattedMessage id="notFound.browse" defaultMessage="Browse music" />
              </LinkButton>
            }
          />
        ) : (
          <>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <h2 className="text-2xl font-bold text-fg sm:text-3xl">
                <FormattedMessage id="catalog.tracksLabel" defaultMessage="Tracks" />
              </h2>
              <SearchBox
                value={keyword}
                onSearch={setKeyword}
                label={intl.formatMessage({ id: 'category.search', defaultMessage: 'Search {name}' }, { name })}
                className="sm:max-w-md"
                suggestFor="music"
              />
            </div>
            {keyword ? <SearchSummary source={list.source} keyword={keyword} /> : null}
            <TrackList
              key={list.listKey}
              source={source}
              label={intl.formatMessage({ id: 'album.tracksLabel', defaultMessage: '{title} tracks' }, { title: name })}
              {...bindings}
            />
          </>
        )}
      </Container>
    </>
  );
}
