import { useId, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { cx } from '@/lib/class-names';
import { ChevronDownIcon } from './icons';

/** A text input, select or text area of a form: one look across the store's forms. */
export const controlClass =
  'block h-12 w-full rounded-xl border border-line-strong bg-canvas/60 px-4 text-base text-fg placeholder:text-fg-subtle transition-colors hover:border-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 aria-invalid:border-danger disabled:cursor-not-allowed disabled:opacity-60';

export const labelClass = 'mb-1.5 block text-sm font-medium text-fg';

/**
 * Messages under a field, one per line, referenced by the field's `aria-describedby`: already in the
 * page's language (spec §5: field errors one by one).
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

/** What a field gives its control: the id its label points at, and the error and hint wiring. */
type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[] | undefined;
  className?: string;
  /** The control (input, select, text area), given its id and `aria-*` wiring. */
  children: (control: FieldControlProps) => ReactNode;
};

/** A label, the control, its hint and its error messages, wired to `aria-describedby`. */
function Field({ label, hint, errors, className, children }: FieldProps) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  const hintId = `${id}-hint`;
  const errorId = `${id}-errors`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': invalid || undefined,
        'aria-describedby': describedBy(hint ? hintId : null, invalid && errorId),
      })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-fg-subtle">
          {hint}
        </p>
      ) : null}
      {invalid ? <FieldMessages id={errorId} errors={errors!} /> : null}
    </div>
  );
}

type InputFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className' | 'prefix'> & {
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[] | undefined;
  /** Shown inside the input at its start (e.g. `$`). */
  prefix?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
  /** More classes for the input itself. */
  inputClassName?: string;
  /** Shown inside the input at its end (e.g. a show-password button). */
  end?: ReactNode;
};

/** A labelled input with its hint and error messages wired to `aria-describedby`. */
export function InputField({
  label,
  hint,
  errors,
  prefix,
  ref,
  className,
  inputClassName,
  end,
  ...props
}: InputFieldProps) {
  return (
    <Field label={label} hint={hint} errors={errors} className={className}>
      {(control) => (
        <div className="relative">
          {prefix ? (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 start-4 flex items-center text-base text-fg-subtle"
            >
              {prefix}
            </span>
          ) : null}
          <input ref={ref} {...control} className={cx(controlClass, prefix && 'ps-8', inputClassName)} {...props} />
          {end}
        </div>
      )}
    </Field>
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
  return (
    <Field label={label} hint={hint} errors={errors} className={className}>
      {(control) => (
        <div className="relative">
          <select ref={ref} {...control} className={cx(controlClass, 'appearance-none truncate pe-11')} {...props}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute inset-y-0 end-4 my-auto size-4 text-fg-subtle" />
        </div>
      )}
    </Field>
  );
}

type TextAreaFieldProps = Omit<ComponentPropsWithoutRef<'textarea'>, 'id' | 'className' | 'onChange'> & {
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[] | undefined;
  onChange: (value: string) => void;
  className?: string;
  /** More classes for the text area itself. */
  textAreaClassName?: string;
};

/** A labelled text area, styled like the inputs, with its hint and error messages. */
export function TextAreaField({
  label,
  hint,
  errors,
  onChange,
  className,
  textAreaClassName,
  ...props
}: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} errors={errors} className={className}>
      {(control) => (
        <textarea
          {...control}
          onChange={(event) => onChange(event.target.value)}
          className={cx(controlClass, 'h-auto py-3', textAreaClassName)}
          {...props}
        />
      )}
    </Field>
  );
}

/** A form-level message (a refusal or failure, in the page's language): an alert announced when it appears. */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
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
