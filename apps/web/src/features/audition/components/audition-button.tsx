import { useIntl } from 'react-intl';
import type { TrackDto } from '@tarab/contracts';
import { cx } from '@/lib/class-names';
import { trackTitle } from '@/lib/i18n/catalog-names';
import { canAudition, useAuditionStore } from '../stores/audition-store';
import { LayersGlyph } from './audition-icons';

/**
 * A loop row's Audition button: adds the loop to the project (and plays the project at its tempo and
 * key), or takes it out. A toggle (aria-pressed); nothing for items without an audition file. On every
 * width (issue #32: phones too, next to the row's one primary button; the project bar's "Add" button
 * also takes the loop playing in the player).
 */
export function AuditionButton({ track }: { track: TrackDto }) {
  const intl = useIntl();
  const inProject = useAuditionStore((state) => state.layers.some((l) => l.id === track.id));
  const full = useAuditionStore((state) => state.layers.length >= 4);
  const toggleLoop = useAuditionStore((state) => state.toggleLoop);
  if (!canAudition(track)) return null;
  return (
    <button
      type="button"
      aria-pressed={inProject}
      aria-label={intl.formatMessage(
        { id: 'audition.rowLabel', defaultMessage: 'Audition {title} in the project' },
        { title: trackTitle(track, intl.locale) },
      )}
      title={
        inProject
          ? intl.formatMessage({ id: 'audition.rowInProject', defaultMessage: 'In the project: click to take it out' })
          : full
            ? intl.formatMessage({ id: 'audition.rowFull', defaultMessage: 'The project is full (4 loops)' })
            : intl.formatMessage({ id: 'audition.rowAdd', defaultMessage: 'Audition in the project' })
      }
      onClick={() => void toggleLoop(track)}
      className={cx(
        'grid size-10 shrink-0 place-items-center rounded-full transition-colors',
        inProject ? 'bg-accent/15 text-accent hover:bg-accent/25' : 'text-fg-muted hover:bg-white/5 hover:text-fg',
      )}
    >
      <LayersGlyph />
    </button>
  );
}
