import { FormattedMessage, useIntl } from 'react-intl';
import { Suspense, useId, useRef, useState } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useDismiss } from '@/hooks/use-dismiss';
import { chipStyles } from '@/components/ui/button-styles';
import { cx } from '@/lib/class-names';
import { preloadable } from '@/lib/preloadable';
import {
  countSelected,
  removeFilterValue,
  toggleFilterValue,
  type FilterSelection,
  type FilterValue,
  type OptionFilterKey,
} from '../lib/filter-selection';
import { FilterGlyph, SmallCloseGlyph } from './catalog-icons';

type FilterChoice = { id: FilterValue; label: string; count: number };
export type FilterCategory = { key: OptionFilterKey; label: string; options: readonly FilterChoice[] };
export type BpmBounds = { min: number; max: number };

type FilterBarProps = {
  categories: readonly FilterCategory[];
  selection: FilterSelection;
  onChange: (selection: FilterSelection) => void;
  /** Loops: a BPM range between these bounds. */
  bpm?: BpmBounds | undefined;
  /** Options are loading (first time). */
  isLoading?: boolean;
};

type PanelKey = OptionFilterKey | 'bpm';

/**
 * A category's options and the BPM sliders: their own chunk (decision 050), fetched when a
 * category button is pointed at or focused, or at the latest when it is pressed.
 */
const panels = preloadable(() => import('./filter-panels').then((module) => module.FilterPanel));
const preloadPanels = () => void panels.preload().catch(() => undefined);

/**
 * The filter bar (spec §2): a button per category opens its options as chips; a chip toggles
 * its value, showing how many tracks it would give (0: a dead end, disabled). The chosen
 * values are listed below, each with an × that removes it.
 */
export function FilterBar({ categories, selection, onChange, bpm, isLoading = false }: FilterBarProps) {
  const intl = useIntl();
  const [open, setOpen] = useState<PanelKey | null>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const buttonRefs = useRef(new Map<PanelKey, HTMLButtonElement>());
  const baseId = useId();
  const panelId = (key: PanelKey) => `${baseId}-${key}`;

  useDismiss({
    enabled: open !== null,
    insideRefs: [barRef],
    onDismiss: (reason) => {
      if (reason === 'escape' && open) buttonRefs.current.get(open)?.focus();
      setOpen(null);
    },
  });

  const openCategory = categories.find((category) => category.key === open);
  const labelOf = (key: OptionFilterKey, id: FilterValue) =>
    categories.find((c) => c.key === key)?.options.find((o) => o.id === id)?.label ?? `#${id}`;

  const chosen = categories.flatMap((category) =>
    (selection[category.key] ?? []).map((id) => ({
      key: category.key,
      id,
      // A name facet's value says little alone ("D"): its chip names the facet ("Tonic: D").
      label: typeof id === 'string' ? `${category.label}: ${labelOf(category.key, id)}` : labelOf(category.key, id),
    })),
  );
  const hasBpm = selection.bpm_min !== undefined || selection.bpm_max !== undefined;
  const total = countSelected(selection);

  const panelButton = (key: PanelKey, label: string, selectedCount: number) => (
    <button
      key={key}
      type="button"
      ref={(node) => {
        if (node) buttonRefs.current.set(key, node);
        else buttonRefs.current.delete(key);
      }}
      aria-expanded={open === key}
      aria-controls={panelId(key)}
      onPointerEnter={preloadPanels}
      onFocus={preloadPanels}
      onClick={() => setOpen((current) => (current === key ? null : key))}
      className={cx(
        chipStyles,
        open === key || selectedCount > 0
          ? 'border-accent/70 bg-accent/10 text-fg'
          : 'border-line-strong text-fg-muted hover:border-fg-muted hover:text-fg',
      )}
    >
      {label}
      {selectedCount > 0 ? (
        <span className="grid min-w-5 place-items-center rounded-full bg-accent px-1.5 text-xs font-bold text-on-accent">
          <span className="sr-only">, </span>
          {selectedCount}
          <span className="sr-only">
            {' '}
            <FormattedMessage id="filters.selected" defaultMessage="selected" />
          </span>
        </span>
      ) : null}
      <ChevronDownIcon className={cx('size-4 transition-transform', open === key && 'rotate-180')} />
    </button>
  );

  return (
    <div ref={barRef} className="rounded-2xl border border-line bg-surface/70 p-3 shadow-card sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="me-1 hidden items-center gap-2 text-xs font-semibold tracking-eyebrow text-fg-subtle uppercase sm:inline-flex">
          <FilterGlyph />
          <FormattedMessage id="filters.title" defaultMessage="Filters" />
        </span>
        {categories.map((category) => panelButton(category.key, category.label, selection[category.key]?.length ?? 0))}
        {bpm ? panelButton('bpm', 'BPM', hasBpm ? 1 : 0) : null}
        {isLoading ? (
          <span className="text-sm text-fg-subtle">
            <FormattedMessage id="tracks.loadingMore" defaultMessage="Loading..." />
          </span>
        ) : null}
        {total > 0 ? (
          <button
            type="button"
            onClick={() => onChange({})}
            className="ms-auto h-9 rounded-full px-3 text-sm font-semibold text-accent hover:bg-white/5"
          >
            <FormattedMessage id="filters.clearAll" defaultMessage="Clear all" />
          </button>
        ) : null}
      </div>

      <Suspense fallback={null}>
        {openCategory ? (
          <panels.Component
            kind="options"
            id={panelId(openCategory.key)}
            category={openCategory}
            selection={selection}
            onChange={onChange}
            onToggle={(id) => onChange(toggleFilterValue(selection, openCategory.key, id))}
          />
        ) : null}
        {open === 'bpm' && bpm ? (
          <panels.Component kind="bpm" id={panelId('bpm')} bounds={bpm} selection={selection} onChange={onChange} />
        ) : null}
      </Suspense>

      {chosen.length > 0 || hasBpm ? (
        <ul
          aria-label={intl.formatMessage({ id: 'filters.selectedFilters', defaultMessage: 'Selected filters' })}
          className="mt-3 flex flex-wrap gap-2"
        >
          {chosen.map((chip) => (
            <li key={`${chip.key}-${chip.id}`}>
              <button
                type="button"
                aria-label={intl.formatMessage(
                  { id: 'filters.remove', defaultMessage: 'Remove {name}' },
                  { name: chip.label },
                )}
                onClick={() => onChange(removeFilterValue(selection, chip.key, chip.id))}
                className={cx(chipStyles, 'h-8 border-accent/50 bg-accent/15 pe-2.5 text-fg hover:bg-accent/25')}
              >
                {chip.label}
                <SmallCloseGlyph />
              </button>
            </li>
          ))}
          {hasBpm ? (
            <li>
              <button
                type="button"
                aria-label={intl.formatMessage({ id: 'filters.removeBpm', defaultMessage: 'Remove BPM range' })}
                onClick={() => onChange({ ...selection, bpm_min: undefined, bpm_max: undefined })}
                className={cx(chipStyles, 'h-8 border-accent/50 bg-accent/15 pe-2.5 text-fg hover:bg-accent/25')}
              >
                <bdi dir="ltr">
                  {selection.bpm_min ?? bpm?.min ?? ''}–{selection.bpm_max ?? bpm?.max ?? ''} BPM
                </bdi>
                <SmallCloseGlyph />
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
