import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  CardErrorTexts,
  formatCardNumber,
  formatExpiry,
  validateCard,
  type CardDraft,
  type CardErrors,
  type CardField,
  type CardInput,
} from '../lib/card';

const inputClass =
  'block h-12 w-full rounded-xl border border-line-strong bg-canvas/60 px-4 text-base text-fg placeholder:text-fg-subtle tabular-nums transition-colors hover:border-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 aria-invalid:border-danger';

type CardFormProps = {
  /** Called with a checked card; the form shows `Processing...` until it settles. */
  onSubmit: (card: CardInput) => Promise<unknown>;
  /** The provider's answer to the last attempt (e.g. a declined card). */
  error?: string | null;
  /** Asks for the cardholder's name (billing details of a card setup). */
  withName?: boolean;
  defaultName?: string;
  submitLabel?: string;
  disabled?: boolean;
  /** Shown above the Pay button (e.g. the amount). */
  footer?: ReactNode;
};

type FieldProps = {
  id: string;
  label: string;
  error: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
  className?: string;
};

/** The card checks' texts (lib/card.ts) as messages: the same English, Arabic on Arabic pages. */
const cardErrorMessages = defineMessages({
  number: { id: 'card.error.number', defaultMessage: 'Enter a valid card number.' },
  expiry: { id: 'card.error.expiry', defaultMessage: 'Enter the expiry date as MM/YY.' },
  expired: { id: 'card.error.expired', defaultMessage: 'This card has expired.' },
  cvc: { id: 'card.error.cvc', defaultMessage: 'Enter the 3 or 4 digit security code.' },
});
const cardErrorByText = new Map(
  (Object.keys(CardErrorTexts) as Array<keyof typeof CardErrorTexts>).map((key) => [
    CardErrorTexts[key] as string,
    cardErrorMessages[key],
  ]),
);

function Field({ id, label, error, children, className }: FieldProps) {
  const errorId = `${id}-error`;
  const intl = useIntl();
  const known = error ? cardErrorByText.get(error) : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      {children(error ? errorId : undefined)}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {known ? intl.formatMessage(known) : error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Card number, expiry (MM/YY) and CVC with a Pay button (spec §2 "Checkout"). Card data
 * lives only in this component's state and goes only to `onSubmit`: never stored or logged.
 */
export function CardForm({
  onSubmit,
  error,
  withName = false,
  defaultName = '',
  submitLabel,
  disabled = false,
  footer,
}: CardFormProps) {
  const id = useId();
  const intl = useIntl();
  const [draft, setDraft] = useState<CardDraft>({ number: '', expiry: '', cvc: '', name: defaultName });
  const [errors, setErrors] = useState<CardErrors>({});
  const [busy, setBusy] = useState(false);
  const refs = {
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
  };

  const update = (field: keyof CardDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || disabled) return;
    const checked = validateCard(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = (['number', 'expiry', 'cvc'] as CardField[]).find((f) => checked.errors[f]);
      if (first) refs[first].current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(checked.card);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-busy={busy}>
      {withName ? (
        <Field
          id={`${id}-name`}
          label={intl.formatMessage({ id: 'card.name', defaultMessage: 'Name on card' })}
          error={undefined}
        >
          {() => (
            <input
              id={`${id}-name`}
              name="cc-name"
              autoComplete="cc-name"
              className={inputClass}
              value={draft.name ?? ''}
              onChange={(e) => update('name', e.target.value)}
              maxLength={200}
            />
          )}
        </Field>
      ) : null}

      <Field
        id={`${id}-number`}
        label={intl.formatMessage({ id: 'card.number', defaultMessage: 'Card number' })}
        error={errors.number}
      >
        {(describedBy) => (
          <input
            ref={refs.number}
            id={`${id}-number`}
            name="cc-number"
            inputMode="numeric"
            autoComplete="cc-number"
            dir="ltr"
            placeholder="1234 1234 1234 1234"
            className={inputClass}
            value={draft.number}
            onChange={(e) => update('number', formatCardNumber(e.target.value))}
            aria-invalid={errors.number ? true : undefined}
            aria-describedby={describedBy}
            maxLength={23}
          />
        )}
      </Field>

      <div className="grid grid-cols-2 gap-4">
        <Field
          id={`${id}-expiry`}
          label={intl.formatMessage({ id: 'card.expiry', defaultMessage: 'Expiry (MM/YY)' })}
          error={errors.expiry}
        >
          {(describedBy) => (
            <input
              ref={refs.expiry}
              id={`${id}-expiry`}
              name="cc-exp"
              inputMode="numeric"
              autoComplete="cc-exp"
              dir="ltr"
              placeholder="MM/YY"
              className={inputClass}
              value={draft.expiry}
              onChange={(e) => update('expiry', formatExpiry(e.target.value))}
              aria-invalid={errors.expiry ? true : undefined}
              aria-describedby={describedBy}
              maxLength={5}
            />
          )}
        </Field>
        <Field
          id={`${id}-cvc`}
          label={intl.formatMessage({ id: 'card.cvc', defaultMessage: 'CVC' })}
          error={errors.cvc}
        >
          {(describedBy) => (
            <input
              ref={refs.cvc}
              id={`${id}-cvc`}
              name="cc-csc"
              inputMode="numeric"
              autoComplete="cc-csc"
              dir="ltr"
              placeholder="123"
              className={inputClass}
              value={draft.cvc}
              onChange={(e) => update('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
              aria-invalid={errors.cvc ? true : undefined}
              aria-describedby={describedBy}
              maxLength={4}
            />
          )}
        </Field>
      </div>

      {error ? (
        <div
          role="alert"
          className="rounded-xl border border-pomegranate-400/40 bg-pomegranate-700/25 px-4 py-3 text-sm font-medium text-fg"
        >
          {error}
        </div>
      ) : null}

      {footer}

      <Button type="submit" size="lg" className="w-full" disabled={busy || disabled}>
        {busy ? (
          <>
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-on-accent/30 border-t-on-accent"
            />
            <FormattedMessage id="card.processing" defaultMessage="Processing..." />
          </>
        ) : (
          (submitLabel ?? <FormattedMessage id="card.pay" defaultMessage="Pay" />)
        )}
      </Button>
    </form>
  );
}
