import { useIntl } from 'react-intl';
import { useId, useState, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { cx } from '@/lib/class-names';

export const inputClass =
  'block h-12 w-full rounded-xl border border-line-strong bg-canvas/60 px-4 text-base text-fg placeholder:text-fg-subtle transition-colors hover:border-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 aria-invalid:border-danger';

type FieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className'> & {
  label: string;
  /** Messages shown under the input, one per line (spec §5: field errors one by one). */
  errors?: readonly string[] | undefined;
  ref?: Ref<HTMLInputElement>;
};

function FieldErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm text-danger">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A labelled text input with its error messages wired to `aria-describedby`. */
export function TextField({ label, errors, ref, ...props }: FieldProps) {
  const id = useId();
  const errorId = `${id}-errors`;
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={inputClass}
        // An address reads left to right on Arabic pages too (a long one would show its end first).
        dir={props.type === 'email' ? 'ltr' : undefined}
        {...props}
      />
      {invalid ? <FieldErrors id={errorId} errors={errors} /> : null}
    </div>
  );
}

const EyeIcon = ({ off }: { off: boolean }) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    className="size-5"
  >
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
    {off ? <path d="M3 3l18 18" /> : null}
  </svg>
);

/** A password input with a show/hide toggle (spec §2 /auth/login). */
export function PasswordField({ label, errors, ref, ...props }: Omit<FieldProps, 'type'>) {
  const id = useId();
  const errorId = `${id}-errors`;
  const [visible, setVisible] = useState(false);
  const invalid = errors !== undefined && errors.length > 0;
  const intl = useIntl();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className={cx(inputClass, 'pe-13')}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={intl.formatMessage(
            { id: 'auth.showPassword', defaultMessage: 'Show {field}' },
            { field: intl.locale === 'en' ? label.toLowerCase() : label },
          )}
          className="absolute inset-y-0 end-1 my-auto grid size-10 place-items-center rounded-lg text-fg-subtle transition-colors hover:bg-white/5 hover:text-fg"
        >
          <EyeIcon off={visible} />
        </button>
      </div>
      {invalid ? <FieldErrors id={errorId} errors={errors} /> : null}
    </div>
  );
}

/** A form-level message: an alert that screen readers announce when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-pomegranate-400/40 bg-pomegranate-700/25 px-4 py-3 text-sm font-medium text-fg"
    >
      {children}
    </div>
  );
}
