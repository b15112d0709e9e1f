import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { cx } from '@/lib/class-names';
import { FieldMessages, describedBy } from '@/components/ui/field';

export type PickerOption = { id: number; label: string };

type OptionPickerProps = {
  legend: string;
  options: readonly PickerOption[];
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  /** At most this many (more are disabled until one is removed). */
  max?: number;
  errors?: readonly string[] | undefined;
  disabled?: boolean;
};

export const chipClass =
  'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors duration-150 select-none has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus';

const CheckGlyph = () => (
  <svg
    aria-hidden="true"
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    className="-ms-1 size-3.5"
  >
    <path d="m3.5 8.5 3 3 6-7" />
  </svg>
);

/** A group of checkboxes drawn as chips (genres, moods, themes, instruments). */
export function OptionPicker({ legend, options, selected, onChange, max, errors, disabled }: OptionPickerProps) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  const full = max !== undefined && selected.length >= max;
  const toggle = (optionId: number, checked: boolean) =>
    onChange(checked ? [...selected, optionId] : selected.filter((value) => value !== optionId));

  return (
    <fieldset aria-describedby={describedBy(invalid && `${id}-errors`)} disabled={disabled}>
      <legend className="text-sm font-medium text-fg">
        {legend}
        {selected.length > 0 ? (
          <span className="ms-2 text-fg-subtle tabular-nums">
            <span className="sr-only">, </span>
            {max !== undefined ? (
              <FormattedMessage
                id="ingest.picker.chosenOf"
                defaultMessage="{count} of {max} chosen"
                values={{ count: selected.length, max }}
              />
            ) : (
              <FormattedMessage
                id="ingest.picker.chosen"
                defaultMessage="{count} chosen"
                values={{ count: selected.length }}
              />
            )}
          </span>
        ) : null}
      </legend>
      {options.length === 0 ? (
        <p className="mt-2 text-sm text-fg-subtle">
          <FormattedMessage id="ingest.picker.none" defaultMessage="No options yet." />
        </p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {options.map((option) => {
            const checked = selected.includes(option.id);
            const blocked = !checked && full;
            return (
              <li key={option.id}>
                <label
                  className={cx(
                    chipClass,
                    checked
                      ? 'border-accent bg-accent text-on-accent'
                      : 'border-line-strong text-fg hover:border-fg-muted hover:bg-white/5',
                    blocked && 'cursor-not-allowed opacity-50 hover:border-line-strong hover:bg-transparent',
                  )}
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={checked}
                    disabled={blocked}
                    onChange={(event) => toggle(option.id, event.target.checked)}
                  />
                  {checked ? <CheckGlyph /> : null}
                  {option.label}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {invalid ? <FieldMessages id={`${id}-errors`} errors={errors!} /> : null}
    </fieldset>
  );
}
