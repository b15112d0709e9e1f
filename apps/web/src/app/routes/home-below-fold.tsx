import { Container } from '@/components/ui/container';
import { AlbumShelf } from '@/features/catalog/components/album-shelf';
import { BrowseTiles } from '@/features/marketing/components/browse-tiles';
import { TrialBanner } from '@/features/marketing/components/trial-banner';
import { ValueProps } from '@/features/marketing/components/value-props';

/** Home under the track list (spec §2 "Home"): the album section, the browse tiles, why Tarab, the plans' banner. */
export function HomeBelowFold() {
  return (
    <>
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
