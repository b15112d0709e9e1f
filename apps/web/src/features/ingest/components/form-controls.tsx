import { useId, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { IngestLimits } from '@tarab/contracts';
import { cx } from '@/lib/class-names';

export const controlClass =
  'block h-12 w-full rounded-xl border border-line-strong bg-canvas/60 px-4 text-base text-fg placeholder:text-fg-subtle transition-colors hover:border-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 aria-invalid:border-danger disabled:cursor-not-allowed disabled:opacity-60';

export const labelClass = 'mb-1.5 block text-sm font-medium text-fg';

/**
 * Messages under a field, one per line, referenced by the field's `aria-describedby`: already in the
 * page's language (said by their codes where they were made: lib/ingest-messages.ts).
 */
export function FieldMessages({ id, errors }: { id: string; errors: readonly string[] }) {
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm text-danger">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** `aria-describedby` for a hint and/or errors. */
export const describedBy = (...ids: Array<string | false | null | undefined>) =>
  ids.filter(Boolean).join(' ') || undefined;

type InputFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className'> & {
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[] | undefined;
  /** Shown inside the input at its start (e.g. `$`). */
  prefix?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
};

/** A labelled input with its hint and error messages wired to `aria-describedby`. */
export function InputField({ label, hint, errors, prefix, ref, className, ...props }: InputFieldProps) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        {prefix ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 start-4 flex items-center text-base text-fg-subtle"
          >
            {prefix}
          </span>
        ) : null}
        <input
          ref={ref}
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(hint ? `${id}-hint` : null, invalid && `${id}-errors`)}
          className={cx(controlClass, prefix && 'ps-8')}
          {...props}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-fg-subtle">
          {hint}
        </p>
      ) : null}
      {invalid ? <FieldMessages id={`${id}-errors`} errors={errors!} /> : null}
    </div>
  );
}

export type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'className' | 'children'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  errors?: readonly string[] | undefined;
  ref?: Ref<HTMLSelectElement>;
  className?: string;
};

/** A labelled native select (keyboard and screen readers for free), styled like the inputs. */
export function SelectField({ label, options, hint, errors, ref, className, ...props }: SelectFieldProps) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(hint ? `${id}-hint` : null, invalid && `${id}-errors`)}
          className={cx(controlClass, 'appearance-none truncate pe-11')}
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
          strokeLinejoin="round"
          className="pointer-events-none absolute inset-y-0 end-4 my-auto size-4 text-fg-subtle"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-fg-subtle">
          {hint}
        </p>
      ) : null}
      {invalid ? <FieldMessages id={`${id}-errors`} errors={errors!} /> : null}
    </div>
  );
}

/** A refusal or failure, in the page's language (an error by its code: lib/ingest-messages.ts): announced when it appears. */
export function ErrorAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cx(
        'rounded-xl border border-pomegranate-400/40 bg-pomegranate-700/25 px-4 py-3 text-sm font-medium text-fg',
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * A track's optional Arabic title (issue 19), written right to left: the same field in the upload form
 * and the Edit track dialog.
 */
export function ArabicTitleField({
  value,
  onChange,
  errors,
  ref,
}: {
  value: string;
  onChange: (value: string) => void;
  errors: string[] | undefined;
  ref?: Ref<HTMLInputElement>;
}) {
  const intl = useIntl();
  return (
    <InputField
      ref={ref}
      label={intl.formatMessage({ id: 'ingest.titleArLabel', defaultMessage: 'In Arabic' })}
      hint={intl.formatMessage({
        id: 'ingest.titleArHint',
        defaultMessage: 'Optional: the title in Arabic, shown on the Arabic pages of the store.',
      })}
      name="title_ar"
      dir="rtl"
      lang="ar"
      autoComplete="off"
      maxLength={IngestLimits.titleMax}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      errors={errors}
    />
  );
}
