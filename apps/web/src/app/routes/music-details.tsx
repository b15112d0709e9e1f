import { catalogName } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { CategoryHeader } from '@/features/catalog/components/category-header';
import { SearchBox } from '@/features/catalog/components/search-box';
import { TrackList } from '@/features/catalog/components/track-list';
import { useCatalogTracks } from '@/features/catalog/hooks/use-catalog-tracks';
import { staticTrackSource } from '@/features/catalog/hooks/use-track-source';
import { filterKeyOfType } from '@/features/catalog/lib/category';
import type { FilterSelection } from '@/features/catalog/lib/filter-selection';
import { useTrackListBindings } from '../compose/track-actions';

/**
 * /music/details/:id?title&image&bgColor&type (spec §2): a category's tracks. The type names
 * the filter (Genres → genre, Moods → mood, Themes → theme, Instruments → instrument); a type
 * that is no filter (Generics) lists the tracks matching the title instead.
 */
export default function MusicDetailsRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const intl = useIntl();
  const title = search.get('title') || intl.formatMessage({ id: 'category.fallback', defaultMessage: 'Category' });
  const name = catalogName(title, intl.locale);
  const type = search.get('type');
  const bindings = useTrackListBindings();
  const [keyword, setKeyword] = useState('');

  const key = filterKeyOfType(type);
  const optionId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  const filters: FilterSelection = key && optionId !== null ? { [key]: [optionId] } : {};
  const categoryKeyword = key ? '' : title;
  const list = useCatalogTracks({
    kind: 'music',
    filters,
    keyword: [categoryKeyword, keyword].filter(Boolean).join(' '),
  });
  // A filter type with an id that cannot exist: nothing to list.
  const source = key && optionId === null ? staticTrackSource([], 'success') : list.source;

  return (
    <>
      <CategoryHeader title={title} type={type} image={search.get('image')} bgColor={search.get('bgColor')} />
      <Container className="flex flex-col gap-6 pt-8">
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
        <TrackList
          key={list.listKey}
          source={source}
          label={intl.formatMessage({ id: 'album.tracksLabel', defaultMessage: '{title} tracks' }, { title: name })}
          {...bindings}
        />
      </Container>
    </>
  );
}
