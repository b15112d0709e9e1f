import { FormattedMessage, useIntl } from 'react-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useDismiss } from '@/hooks/use-dismiss';
import { cx } from '@/lib/class-names';
import {
  countSelected,
  removeFilterValue,
  toggleFilterValue,
  type FilterSelection,
  type FilterValue,
  type OptionFilterKey,
} from '../lib/filter-selection';
import { FilterGlyph, SmallCloseGlyph } from './catalog-icons';

export type FilterChoice = { id: FilterValue; label: string; count: number };
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

const chipBase =
  'inline-flex h-9 items-center gap-2 rounded-full border px-3.5 text-sm font-medium transition-colors duration-150';

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
      onClick={() => setOpen((current) => (current === key ? null : key))}
      className={cx(
        chipBase,
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

      {openCategory ? (
        <div
          id={panelId(openCategory.key)}
          role="group"
          aria-label={intl.formatMessage(
            { id: 'filters.options', defaultMessage: '{category} options' },
            { category: openCategory.label },
          )}
          className="mt-3 max-h-72 overflow-y-auto border-t border-line pt-3"
        >
          {openCategory.options.length === 0 ? (
            <p className="text-sm text-fg-subtle">
              <FormattedMessage id="filters.noOptions" defaultMessage="No options." />
            </p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {openCategory.options.map((option) => {
                const selected = selection[openCategory.key]?.includes(option.id) ?? false;
                const dead = option.count === 0 && !selected;
                return (
                  <li key={option.id}>
                    <button
                      type="button"
                      aria-pressed={selected}
                      disabled={dead}
                      onClick={() => onChange(toggleFilterValue(selection, openCategory.key, option.id))}
                      className={cx(
                        chipBase,
                        selected
                          ? 'border-accent bg-accent text-on-accent'
                          : 'border-line-strong text-fg hover:border-fg-muted hover:bg-white/5',
                        'disabled:cursor-not-allowed disabled:border-line disabled:text-fg-subtle/70 disabled:hover:bg-transparent',
                      )}
                    >
                      {option.label}
                      <span
                        aria-hidden="true"
                        className={cx('text-xs tabular-nums', selected ? 'text-on-accent/80' : 'text-fg-subtle')}
                      >
                        {option.count}
                      </span>
                      <span className="sr-only">
                        ,{' '}
                        <FormattedMessage
                          id="catalog.trackCount"
                          defaultMessage="{count, plural, one {# track} other {# tracks}}"
                          values={{ count: option.count }}
                        />
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : null}

      {open === 'bpm' && bpm ? (
        <div
          id={panelId('bpm')}
          role="group"
          aria-label={intl.formatMessage({ id: 'filters.bpmRange', defaultMessage: 'BPM range' })}
          className="mt-3 border-t border-line pt-3"
        >
          <BpmRange bounds={bpm} selection={selection} onChange={onChange} />
        </div>
      ) : null}

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
                className={cx(chipBase, 'h-8 border-accent/50 bg-accent/15 pe-2.5 text-fg hover:bg-accent/25')}
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
                className={cx(chipBase, 'h-8 border-accent/50 bg-accent/15 pe-2.5 text-fg hover:bg-accent/25')}
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

const BPM_COMMIT_DELAY_MS = 350;

/** Two sliders for the lowest and highest BPM; the range is applied once the user stops moving them. */
function BpmRange({
  bounds,
  selection,
  onChange,
}: {
  bounds: BpmBounds;
  selection: FilterSelection;
  onChange: (selection: FilterSelection) => void;
}) {
  const minId = useId();
  const maxId = useId();
  const [low, setLow] = useState(selection.bpm_min ?? bounds.min);
  const [high, setHigh] = useState(selection.bpm_max ?? bounds.max);
  // The range changed from outside (its chip removed, Clear all): show it.
  const [seen, setSeen] = useState({ min: selection.bpm_min, max: selection.bpm_max });
  if (seen.min !== selection.bpm_min || seen.max !== selection.bpm_max) {
    setSeen({ min: selection.bpm_min, max: selection.bpm_max });
    setLow(selection.bpm_min ?? bounds.min);
    setHigh(selection.bpm_max ?? bounds.max);
  }
  const latest = useRef({ selection, onChange });
  useEffect(() => {
    latest.current = { selection, onChange };
  });

  useEffect(() => {
    const { selection: current, onChange: commit } = latest.current;
    const nextMin = low > bounds.min ? low : undefined;
    const nextMax = high < bounds.max ? high : undefined;
    if (nextMin === current.bpm_min && nextMax === current.bpm_max) return;
    const timer = window.setTimeout(
      () => commit({ ...current, bpm_min: nextMin, bpm_max: nextMax }),
      BPM_COMMIT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [low, high, bounds.min, bounds.max]);

  const slider =
    'h-2 w-full cursor-pointer appearance-none rounded-full bg-ink-700 accent-[var(--color-accent)] focus-visible:outline-2';

  return (
    <div className="grid gap-4 sm:grid-cols-2 sm:gap-6">
      <div>
        <div className="flex items-baseline justify-between text-sm">
          <label htmlFor={minId} className="text-fg-muted">
            <FormattedMessage id="filters.minBpm" defaultMessage="Minimum BPM" />
          </label>
          <output htmlFor={minId} className="font-semibold text-fg tabular-nums">
            {low}
          </output>
        </div>
        <input
          id={minId}
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={low}
          onChange={(event) => {
            const value = Number(event.target.value);
            setLow(Math.min(value, high));
          }}
          className={cx(slider, 'mt-2')}
        />
      </div>
      <div>
        <div className="flex items-baseline justify-between text-sm">
          <label htmlFor={maxId} className="text-fg-muted">
            <FormattedMessage id="filters.maxBpm" defaultMessage="Maximum BPM" />
          </label>
          <output htmlFor={maxId} className="font-semibold text-fg tabular-nums">
            {high}
          </output>
        </div>
        <input
          id={maxId}
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={high}
          onChange={(event) => {
            const value = Number(event.target.value);
            setHigh(Math.max(value, low));
          }}
          className={cx(slider, 'mt-2')}
        />
      </div>
    </div>
  );
}
