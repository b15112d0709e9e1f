import { musicalSummaryOf } from './track-row';
import { noteName, trackTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import type { TrackDto } from '@tarab/contracts';
import { tuningFileUrl } from '@tarab/contracts/facets';
import { paths } from '@/config/paths';
import { useAnchoredMenu } from '@/hooks/use-anchored-menu';
import { cx } from '@/lib/class-names';
import { TuningForkGlyph } from './catalog-icons';

const MENU_WIDTH = 272;

const itemClass =
  'flex w-full flex-col rounded-lg px-3 py-2 text-start text-sm font-medium text-fg-muted outline-none transition-colors hover:bg-white/5 hover:text-fg focus-visible:bg-white/10 focus-visible:text-fg';

/** Whether the row has tuning files: a maqam and a tonic. */
export const hasTuning = (track: TrackDto): boolean => Boolean(track.maqam && track.key);

/**
 * The tuning menu of a row (issue 18): the item's maqam as a Scala scale (`.scl`) and keyboard mapping
 * (`.kbm`), free downloads, and the help page on loading them. A menu button (Enter/Space/↓ opens,
 * arrows move, Escape closes and returns focus).
 */
export function TuningMenu({ track }: { track: TrackDto }) {
  const intl = useIntl();
  const { open, setOpen, close, position, buttonRef, menuRef, menuId, onMenuKeyDown } = useAnchoredMenu({
    width: MENU_WIDTH,
  });

  if (!hasTuning(track)) return null;
  const name = musicalSummaryOf({ ...track, iqa: null }, intl.locale) ?? `${track.maqam} on ${track.key}`;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={intl.formatMessage(
          { id: 'tuning.filesOf', defaultMessage: 'Tuning files of {title}' },
          { title: trackTitle(track, intl.locale) },
        )}
        title={intl.formatMessage({ id: 'tuning.files', defaultMessage: 'Tuning files' })}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={cx(
          'grid size-10 shrink-0 place-items-center rounded-full text-fg-muted transition-colors hover:bg-white/5 hover:text-fg',
          open && 'bg-white/5 text-fg',
        )}
      >
        <TuningForkGlyph />
      </button>
      {open
        ? createPortal(
            <div
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-label={intl.formatMessage(
                { id: 'tuning.filesFor', defaultMessage: 'Tuning files: {name}' },
                { name },
              )}
              onKeyDown={onMenuKeyDown}
              style={{
                position: 'fixed',
                top: position?.top ?? 0,
                left: position?.left ?? 0,
                width: MENU_WIDTH,
                visibility: position ? 'visible' : 'hidden',
              }}
              className="z-50 rounded-xl border border-line-strong bg-surface-raised p-1.5 shadow-card"
            >
              <p className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase">
                <FormattedMessage id="tuning.menuTitle" defaultMessage="Tuning: {name}" values={{ name }} />
              </p>
              <a
                role="menuitem"
                href={tuningFileUrl(track.kind, track.id, 'scl')}
                download
                className={itemClass}
                onClick={() => close(false)}
              >
                <FormattedMessage id="tuning.scl" defaultMessage="Scale (.scl)" />
                <span className="text-xs font-normal text-fg-subtle">
                  <FormattedMessage id="tuning.sclHint" defaultMessage="The maqam’s steps in cents" />
                </span>
              </a>
              <a
                role="menuitem"
                href={tuningFileUrl(track.kind, track.id, 'kbm')}
                download
                className={itemClass}
                onClick={() => close(false)}
              >
                <FormattedMessage id="tuning.kbm" defaultMessage="Keyboard mapping (.kbm)" />
                <span className="text-xs font-normal text-fg-subtle">
                  <FormattedMessage
                    id="tuning.kbmHint"
                    defaultMessage="Tonic {note} on its key"
                    values={{ note: noteName(track.key ?? '', intl.locale) }}
                  />
                </span>
              </a>
              <Link role="menuitem" to={paths.tuningHelp.getHref()} className={itemClass} onClick={() => close(false)}>
                <FormattedMessage id="tuning.howTo" defaultMessage="How to load tuning files" />
              </Link>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
