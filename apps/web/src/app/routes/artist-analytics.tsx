import type { ArtistOrderDto } from '@tarab/contracts';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { LoadingState } from '@/components/ui/loading-state';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { ArtistSales } from '@/features/analytics/components/artist-sales';
import { ArtistStatements } from '@/features/analytics/components/artist-statements';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { usePlayerStore } from '@/features/player/stores/player-store';

type ArtistTab = 'sales' | 'upload' | 'statements';
const TAB_IDS: readonly ArtistTab[] = ['sales', 'upload', 'statements'];
const isArtistTab = (value: string | null): value is ArtistTab => TAB_IDS.includes(value as ArtistTab);

/**
 * The Upload tab is its own chunk: it checks the form with the contract's schema (zod), which
 * the Sales tab does not need to download.
 */
const UploadPanel = lazy(() =>
  import('@/features/ingest/components/upload-panel').then((module) => ({ default: module.UploadPanel })),
);

/** The upload's preview and the app's player never play at once. */
const pausePlayer = () => usePlayerStore.getState().stop();

/**
 * Spec §2 "Artist analytics" (login-only; the server answers 403 to non-artists), with two
 * tabs: Sales, and Upload (issue #10); `?tab=upload` links straight to the upload.
 */
export default function ArtistAnalyticsRoute() {
  const { user } = useAuth();
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: ArtistTab = isArtistTab(requested) ? requested : 'sales';
  // The track's own page (issue #32 item 1; it replaced decision 018's album or artist page).
  const trackHrefOf = (order: ArtistOrderDto) => paths.track.getHref(order.music.id);

  const tabs: TabItem<ArtistTab>[] = [
    {
      id: 'sales',
      label: intl.formatMessage({ id: 'nav.sales', defaultMessage: 'Sales' }),
      panel: <ArtistSales trackHrefOf={trackHrefOf} />,
    },
    {
      id: 'upload',
      label: intl.formatMessage({ id: 'artistTools.tabs.upload', defaultMessage: 'Upload' }),
      panel: (
        <Suspense
          fallback={
            <LoadingState
              label={intl.formatMessage({
                id: 'artistTools.loadingUpload',
                defaultMessage: 'Loading the upload form...',
              })}
            />
          }
        >
          <UploadPanel onPreviewPlay={pausePlayer} />
        </Suspense>
      ),
    },
    {
      id: 'statements',
      label: intl.formatMessage({ id: 'artistTools.tabs.statements', defaultMessage: 'Statements' }),
      panel: <ArtistStatements />,
    },
  ];

  const onChange = (next: ArtistTab) =>
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'sales') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage(
          { id: 'artistTools.welcome', defaultMessage: 'Welcome {name}' },
          { name: user?.name || intl.formatMessage({ id: 'artistTools.artist', defaultMessage: 'Artist' }) },
        )}
        title={intl.formatMessage({ id: 'artistTools.title', defaultMessage: 'Artist Analytics' })}
        description={intl.formatMessage({
          id: 'artistTools.description',
          defaultMessage: 'Sales of your tracks, your monthly statements, and uploads of new ones.',
        })}
      />
      <Container className="py-8 sm:py-10">
        <Tabs
          label={intl.formatMessage({ id: 'artistTools.tools', defaultMessage: 'Artist tools' })}
          tabs={tabs}
          value={tab}
          onChange={onChange}
        />
      </Container>
    </>
  );
}
