// Composes the enterprise feature's API with the auth feature's form fields (features do not import each other).
import { QuoteLimits, type QuoteRequestBody } from '@tarab/contracts';
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextAreaField } from '@/components/ui/field';
import { TextField } from '@/features/auth/components/form-field';
import { errorText, fieldErrorsOf } from '@/lib/i18n/error-text';
import { useRequestQuote } from '@/features/enterprise/api/request-quote';

type Field = keyof QuoteRequestBody;

/** What the quote's route answers when it succeeds (contracts quotes.ts), as the web app says it. */
const quoteMessages = defineMessages({
  received: {
    id: 'enterprise.received',
    defaultMessage: 'Thank you. Your request is with our licensing team; we reply by email within two business days.',
  },
});

/** The form's own checks: the rules of the contracts' `QuoteRequestBody`, said before anything is sent. */
const checks = defineMessages({
  nameRequired: { id: 'enterprise.check.nameRequired', defaultMessage: 'The name field is required.' },
  nameTooLong: {
    id: 'enterprise.check.nameTooLong',
    defaultMessage: 'The name may not be greater than {max} characters.',
  },
  companyRequired: { id: 'enterprise.check.companyRequired', defaultMessage: 'The company field is required.' },
  companyTooLong: {
    id: 'enterprise.check.companyTooLong',
    defaultMessage: 'The company may not be greater than {max} characters.',
  },
  emailRequired: { id: 'enterprise.check.emailRequired', defaultMessage: 'The email field is required.' },
  emailInvalid: { id: 'enterprise.check.emailInvalid', defaultMessage: 'The email must be a valid email address.' },
  needsRequired: { id: 'enterprise.check.needsRequired', defaultMessage: 'Tell us what you need.' },
  needsTooShort: {
    id: 'enterprise.check.needsTooShort',
    defaultMessage: 'Tell us a little more (at least {min} characters).',
  },
});

type FieldErrorTexts = Partial<Record<Field, string[]>>;

/** The messages of the form's own checks, by field (`{}` when it may be sent). */
function checkQuote(intl: IntlShape, values: QuoteRequestBody): FieldErrorTexts {
  const errors: FieldErrorTexts = {};
  const say = (field: Field, message: MessageDescriptor, params?: Record<string, number>) =>
    (errors[field] = [intl.formatMessage(message, params)]);
  const name = values.name.trim();
  const company = values.company.trim();
  const needs = values.needs.trim();
  if (name === '') say('name', checks.nameRequired);
  else if (name.length > QuoteLimits.nameMax) say('name', checks.nameTooLong, { max: QuoteLimits.nameMax });
  if (company === '') say('company', checks.companyRequired);
  else if (company.length > QuoteLimits.companyMax)
    say('company', checks.companyTooLong, { max: QuoteLimits.companyMax });
  const email = values.email.trim();
  if (email === '') say('email', checks.emailRequired);
  // The shape only (one @, a dot in the domain); the server's check stays the rule.
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) say('email', checks.emailInvalid);
  if (needs === '') say('needs', checks.needsRequired);
  else if (needs.length < QuoteLimits.needsMin) say('needs', checks.needsTooShort, { min: QuoteLimits.needsMin });
  return errors;
}

/**
 * Enterprise "Request a quote": name, company, email and what they need. The form checks the
 * contracts' rules first, then the server validates (one schema in the contracts); each message shows
 * under its field. On success the form gives way to the confirmation.
 */
export function QuoteForm({ defaults }: { defaults?: Partial<QuoteRequestBody> }) {
  const quote = useRequestQuote();
  const intl = useIntl();
  const [values, setValues] = useState<QuoteRequestBody>({
    name: defaults?.name ?? '',
    company: defaults?.company ?? '',
    email: defaults?.email ?? '',
    needs: '',
  });
  const [checked, setChecked] = useState<FieldErrorTexts | null>(null);

  if (quote.isSuccess) {
    return (
      <div role="status" className="rounded-2xl border border-line bg-surface p-8 text-center shadow-card">
        <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">
          <FormattedMessage id="enterprise.sent" defaultMessage="Request sent" />
        </p>
        <h2 className="mt-2 text-2xl font-bold text-fg">
          <FormattedMessage id="enterprise.sentTitle" defaultMessage="We have your request" />
        </h2>
        <p className="mt-3 text-fg-muted">{intl.formatMessage(quoteMessages.received)}</p>
        <p className="mt-2 text-sm text-fg-subtle">
          <FormattedMessage
            id="enterprise.reference"
            defaultMessage="Reference #{id}"
            values={{ id: String(quote.data.data.id) }}
          />
        </p>
      </div>
    );
  }

  const errors: FieldErrorTexts = checked ?? (quote.isError ? fieldErrorsOf(intl, quote.error) : {});
  const formMessage =
    !checked && quote.isError && Object.keys(errors).length === 0 ? errorText(intl, quote.error) : null;
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    errors: errors[field],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = checkQuote(intl, values);
    if (Object.keys(problems).length > 0) {
      quote.reset();
      setChecked(problems);
      return;
    }
    setChecked(null);
    quote.mutate(values);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-busy={quote.isPending || undefined}
      className="space-y-5 rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8"
    >
      {formMessage ? <FormAlert>{formMessage}</FormAlert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={intl.formatMessage({ id: 'enterprise.name', defaultMessage: 'Your name' })}
          type="text"
          autoComplete="name"
          {...bind('name')}
        />
        <TextField
          label={intl.formatMessage({ id: 'enterprise.company', defaultMessage: 'Company' })}
          type="text"
          autoComplete="organization"
          {...bind('company')}
        />
      </div>
      <TextField
        label={intl.formatMessage({ id: 'enterprise.email', defaultMessage: 'Work email' })}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...bind('email')}
      />
      <TextAreaField
        label={<FormattedMessage id="enterprise.needs" defaultMessage="What do you need?" />}
        name="needs"
        rows={6}
        maxLength={QuoteLimits.needsMax}
        placeholder={intl.formatMessage({
          id: 'enterprise.needsPlaceholder',
          defaultMessage: 'Projects, channels, number of tracks, territories, deadlines…',
        })}
        value={values.needs}
        onChange={(needs) => setValues((v) => ({ ...v, needs }))}
        errors={errors.needs}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={quote.isPending}>
        {quote.isPending ? (
          <FormattedMessage id="enterprise.sending" defaultMessage="Sending…" />
        ) : (
          <FormattedMessage id="pricing.requestQuote" defaultMessage="Request a quote" />
        )}
      </Button>
    </form>
  );
}
