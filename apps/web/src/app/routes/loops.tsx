import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { CatalogBrowser } from '@/features/catalog/components/catalog-browser';
import { useTrackListBindings } from '../compose/track-actions';

/** /loops (spec §2): filters for Instrument, Genre, Mood and scale, a BPM range, search (loops), the list. */
export default function LoopsRoute() {
  const bindings = useTrackListBindings();
  return (
    <>
      <PageHeader
        eyebrow="Library"
        title="Loops & tracks"
        description="Loops and stems built on maqam scales, ready for your productions."
      />
      <Container className="pt-8">
        <CatalogBrowser kind="loop" title="All loops" headingId="loops-title" {...bindings} />
      </Container>
    </>
  );
}
