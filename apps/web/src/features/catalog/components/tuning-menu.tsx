import { musicalSummaryOf } from './track-row';
import { noteName, trackTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TrackDto } from '@tarab/contracts';
import { tuningFileUrl } from '@tarab/contracts/facets';
import { Menu, menuButtonClass, MenuItem, menuHeadingClass } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { TuningForkGlyph } from './catalog-icons';

const MENU_WIDTH = 272;

/** Whether the row has tuning files: a maqam and a tonic. */
export const hasTuning = (track: TrackDto): boolean => Boolean(track.maqam && track.key);

/**
 * The tuning menu of a row (issue 18): the item's maqam as a Scala scale (`.scl`) and keyboard mapping
 * (`.kbm`), free downloads, and the help page on loading them. A menu button (components/ui/menu.tsx).
 */
export function TuningMenu({ track }: { track: TrackDto }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);

  if (!hasTuning(track)) return null;
  const name = musicalSummaryOf({ ...track, iqa: null }, intl.locale) ?? `${track.maqam} on ${track.key}`;

  return (
    <Menu
      open={open}
      onOpenChange={setOpen}
      label={intl.formatMessage({ id: 'tuning.filesFor', defaultMessage: 'Tuning files: {name}' }, { name })}
      width={MENU_WIDTH}
      className="z-50 rounded-xl border border-line-strong bg-surface-raised p-1.5 shadow-card"
      trigger={
        <button
          type="button"
          aria-label={intl.formatMessage(
            { id: 'tuning.filesOf', defaultMessage: 'Tuning files of {title}' },
            { title: trackTitle(track, intl.locale) },
          )}
          title={intl.formatMessage({ id: 'tuning.files', defaultMessage: 'Tuning files' })}
          className={menuButtonClass(open)}
        >
          <TuningForkGlyph />
        </button>
      }
    >
      <p className={cx(menuHeadingClass, 'pt-1.5 pb-1')}>
        <FormattedMessage id="tuning.menuTitle" defaultMessage="Tuning: {name}" values={{ name }} />
      </p>
      <MenuItem layout="stacked" asChild>
        <a href={tuningFileUrl(track.kind, track.id, 'scl')} download>
          <FormattedMessage id="tuning.scl" defaultMessage="Scale (.scl)" />
          <span className="text-xs font-normal text-fg-subtle">
            <FormattedMessage id="tuning.sclHint" defaultMessage="The maqam’s steps in cents" />
          </span>
        </a>
      </MenuItem>
      <MenuItem layout="stacked" asChild>
        <a href={tuningFileUrl(track.kind, track.id, 'kbm')} download>
          <FormattedMessage id="tuning.kbm" defaultMessage="Keyboard mapping (.kbm)" />
          <span className="text-xs font-normal text-fg-subtle">
            <FormattedMessage
              id="tuning.kbmHint"
              defaultMessage="Tonic {note} on its key"
              values={{ note: noteName(track.key ?? '', intl.locale) }}
            />
          </span>
        </a>
      </MenuItem>
      <MenuItem layout="stacked" asChild>
        <Link to={paths.tuningHelp.getHref()}>
          <FormattedMessage id="tuning.howTo" defaultMessage="How to load tuning files" />
        </Link>
      </MenuItem>
    </Menu>
  );
}
