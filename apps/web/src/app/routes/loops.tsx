import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { ProjectBar } from '@/features/audition/components/project-bar';
import { CatalogBrowser } from '@/features/catalog/components/catalog-browser';
import { usePlayerStore } from '@/features/player/stores/player-store';
import { paths } from '@/config/paths';
import { useLoopRowActions, usePlayerAuditionExclusion } from '../compose/audition-player';
import { useTrackListBindings } from '../compose/track-actions';

/**
 * /loops (spec §2): filters for Instrument, Genre, Mood and scale, a BPM range, search (loops), the list;
 * and the project bar of loop audition (issue 18).
 */
export default function LoopsRoute() {
  const bindings = useLoopRowActions(useTrackListBindings());
  usePlayerAuditionExclusion();
  // The loop playing in the player can be added to the project from the bar (the way in on phones).
  const current = usePlayerStore((state) => state.currentTrack);
  const intl = useIntl();
  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'library.eyebrow', defaultMessage: 'Library' })}
        title={intl.formatMessage({ id: 'nav.loops', defaultMessage: 'Loops & tracks' })}
        description={intl.formatMessage({
          id: 'loops.description',
          defaultMessage: 'Loops and stems built on maqam scales, ready for your productions.',
        })}
      />
      <Container className="pt-8">
        <ProjectBar candidate={current} />
        <p className="mb-6 text-sm text-fg-muted">
          <FormattedMessage
            id="loops.tuningNote"
            defaultMessage="Every loop built on a maqam has free tuning files for your synth: open the tuning fork in its row."
          />{' '}
          <Link to={paths.tuningHelp.getHref()} className="font-semibold text-accent hover:underline">
            <FormattedMessage id="tuning.howTo" defaultMessage="How to load tuning files" />
          </Link>
        </p>
        <CatalogBrowser
          kind="loop"
          title={intl.formatMessage({ id: 'loops.all', defaultMessage: 'All loops' })}
          headingId="loops-title"
          {...bindings}
        />
      </Container>
    </>
  );
}
