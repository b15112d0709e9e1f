import { FormattedMessage, useIntl } from 'react-intl';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import { chipStyles } from '@/components/ui/button-styles';
import type { FilterSelection, FilterValue } from '../lib/filter-selection';
import type { BpmBounds, FilterCategory } from './filter-bar';

type FilterPanelProps = { id: string; selection: FilterSelection; onChange: (selection: FilterSelection) => void } & (
  | { kind: 'options'; category: FilterCategory; onToggle: (id: FilterValue) => void }
  | { kind: 'bpm'; bounds: BpmBounds }
);

/** The open panel of the filter bar (FilterBar): a category's options as chips, or the BPM range. */
export function FilterPanel(props: FilterPanelProps) {
  const intl = useIntl();
  const { id, selection, onChange } = props;
  if (props.kind === 'bpm') {
    return (
      <div
        id={id}
        role="group"
        aria-label={intl.formatMessage({ id: 'filters.bpmRange', defaultMessage: 'BPM range' })}
        className="mt-3 border-t border-line pt-3"
      >
        <BpmRange bounds={props.bounds} selection={selection} onChange={onChange} />
      </div>
    );
  }
  const { category } = props;
  return (
    <div
      id={id}
      role="group"
      aria-label={intl.formatMessage(
        { id: 'filters.options', defaultMessage: '{category} options' },
        { category: category.label },
      )}
      className="mt-3 max-h-72 overflow-y-auto border-t border-line pt-3"
    >
      {category.options.length === 0 ? (
        <p className="text-sm text-fg-subtle">
          <FormattedMessage id="filters.noOptions" defaultMessage="No options." />
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {category.options.map((option) => {
            const selected = selection[category.key]?.includes(option.id) ?? false;
            const dead = option.count === 0 && !selected;
            return (
              <li key={option.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  disabled={dead}
                  onClick={() => props.onToggle(option.id)}
                  className={cx(
                    chipStyles,
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

  return (
    <div className="grid gap-4 sm:grid-cols-2 sm:gap-6">
      <BpmSlider
        id={minId}
        label={<FormattedMessage id="filters.minBpm" defaultMessage="Minimum BPM" />}
        value={low}
        bounds={bounds}
        onChange={(value) => setLow(Math.min(value, high))}
      />
      <BpmSlider
        id={maxId}
        label={<FormattedMessage id="filters.maxBpm" defaultMessage="Maximum BPM" />}
        value={high}
        bounds={bounds}
        onChange={(value) => setHigh(Math.max(value, low))}
      />
    </div>
  );
}

/** One end of the BPM range: its label, its value and a native range input (mirrored by the browser on RTL pages). */
function BpmSlider({
  id,
  label,
  value,
  bounds,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: number;
  bounds: BpmBounds;
  onChange: (value: number) => void;
}) {
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <label htmlFor={id} className="text-fg-muted">
          {label}
        </label>
        <output htmlFor={id} className="font-semibold text-fg tabular-nums">
          {value}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={bounds.min}
        max={bounds.max}
        step={1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 h-2 w-full cursor-pointer appearance-none rounded-full bg-ink-700 accent-[var(--color-accent)] focus-visible:outline-2"
      />
    </div>
  );
}
