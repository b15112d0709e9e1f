import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { CatalogBrowser } from '@/features/catalog/components/catalog-browser';
import { paths } from '@/config/paths';
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
        <p className="mb-6 text-sm text-fg-muted">
          Every loop built on a maqam has free tuning files for your synth: open the tuning fork in its row.{' '}
          <Link to={paths.tuningHelp.getHref()} className="font-semibold text-accent hover:underline">
            How to load tuning files
          </Link>
        </p>
        <CatalogBrowser kind="loop" title="All loops" headingId="loops-title" {...bindings} />
      </Container>
    </>
  );
}
