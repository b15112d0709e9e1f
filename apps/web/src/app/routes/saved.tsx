import { useIntl } from 'react-intl';
import type { DownloadDto, TrackDto } from '@tarab/contracts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useTrackListBindings } from '@/app/compose/track-actions';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { TrackList } from '@/features/catalog/components/track-list';
import { staticTrackSource } from '@/features/catalog/hooks/use-track-source';
import { DownloadsList } from '@/features/commerce/components/downloads-list';
import { FavouritesList } from '@/features/library/components/favourites-list';
import { PlaylistsPanel } from '@/features/library/components/playlists-panel';
import { PlayToggle } from '@/features/player/components/play-toggle';

type SavedTab = 'playlists' | 'downloads' | 'favorite';
const TAB_IDS: readonly SavedTab[] = ['playlists', 'downloads', 'favorite'];
const isSavedTab = (value: string | null): value is SavedTab => TAB_IDS.includes(value as SavedTab);

/** The Downloads tab's play toggle: the app's player, the tab's list as the queue (spec §2). */
const renderDownloadPlay = (track: DownloadDto, list: readonly DownloadDto[]) => (
  <PlayToggle track={track} queue={list} />
);

/** /savedPage (spec §2 "Saved page"): tabs Playlists, Downloads, Favorite; `?tab=` keeps the choice. */
export default function SavedRoute() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: SavedTab = isSavedTab(requested) ? requested : 'playlists';
  // The liked tracks as the catalog's playable list, with the row actions (composed here).
  const bindings = useTrackListBindings();
  const intl = useIntl();
  const renderFavourites = useCallback(
    (tracks: readonly TrackDto[], label: string) => (
      <TrackList source={staticTrackSource(tracks, 'success')} label={label} {...bindings} />
    ),
    [bindings],
  );

  const tabs: TabItem<SavedTab>[] = [
    {
      id: 'playlists',
      label: intl.formatMessage({ id: 'saved.tab.playlists', defaultMessage: 'Playlists' }),
      panel: <PlaylistsPanel />,
    },
    {
      id: 'downloads',
      label: intl.formatMessage({ id: 'nav.downloads', defaultMessage: 'Downloads' }),
      panel: <DownloadsList renderPlay={renderDownloadPlay} />,
    },
    {
      id: 'favorite',
      label: intl.formatMessage({ id: 'saved.tab.favorite', defaultMessage: 'Favorite' }),
      panel: <FavouritesList renderList={renderFavourites} />,
    },
  ];

  const title = intl.formatMessage({ id: 'saved.title', defaultMessage: 'Saved' });

  const onChange = (next: SavedTab) =>
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'playlists') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'profile.yourLibrary', defaultMessage: 'Your library' })}
        title={title}
        description={intl.formatMessage({
          id: 'saved.description',
          defaultMessage: 'Your playlists, downloads and favorite tracks in one place.',
        })}
      />
      <Container className="py-8 sm:py-10">
        <Tabs label={title} tabs={tabs} value={tab} onChange={onChange} />
      </Container>
    </>
  );
}
