import { useIntl } from 'react-intl';
import { useState } from 'react';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { ArtistShelf } from '@/features/catalog/components/artist-shelf';
import { CategoryBrowser } from '@/features/catalog/components/category-browser';
import { KeywordResults } from '@/features/catalog/components/keyword-results';
import { SearchBox } from '@/features/catalog/components/search-box';
import { useTrackListBindings } from '../compose/track-actions';

/** /music (spec §2): grids of Genres, Moods, Themes, Instruments; the first 5 artists; View all Artists. */
export default function MusicRoute() {
  const bindings = useTrackListBindings();
  const [keyword, setKeyword] = useState('');
  const intl = useIntl();
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
        <SearchBox
          value={keyword}
          onSearch={setKeyword}
          label={intl.formatMessage({ id: 'catalog.searchMusic', defaultMessage: 'Search music' })}
          className="max-w-2xl"
          suggestFor="music"
        />
        {keyword ? (
          <KeywordResults
            kind="music"
            keyword={keyword}
            onClear={() => setKeyword('')}
            onSearch={setKeyword}
            {...bindings}
          />
        ) : null}
        <CategoryBrowser />
        <ArtistShelf />
      </Container>
    </>
  );
}
