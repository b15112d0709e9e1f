// Composes the enterprise feature's API with the auth feature's form fields (features do not import each other).
import { AuthMessages, QuoteLimits, QuoteMessages, type QuoteRequestBody } from '@tarab/contracts';
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, inputClass, TextField } from '@/features/auth/components/form-field';
import { isApiError } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { serverText } from '@/lib/i18n/server-messages';
import { useRequestQuote } from '@/features/enterprise/api/request-quote';

type Field = keyof QuoteRequestBody;

/** The quote's own server messages (contracts quotes.ts, and its email field's), in the page's language. */
const quoteMessages = defineMessages({
  received: {
    id: 'enterprise.server.received',
    defaultMessage: 'Thank you. Your request is with our licensing team; we reply by email within two business days.',
  },
  nameRequired: { id: 'enterprise.server.nameRequired', defaultMessage: 'The name field is required.' },
  nameTooLong: {
    id: 'enterprise.server.nameTooLong',
    defaultMessage: 'The name may not be greater than {max} characters.',
  },
  companyRequired: { id: 'enterprise.server.companyRequired', defaultMessage: 'The company field is required.' },
  companyTooLong: {
    id: 'enterprise.server.companyTooLong',
    defaultMessage: 'The company may not be greater than {max} characters.',
  },
  emailRequired: { id: 'enterprise.server.emailRequired', defaultMessage: 'The email field is required.' },
  emailInvalid: { id: 'enterprise.server.emailInvalid', defaultMessage: 'The email must be a valid email address.' },
  needsRequired: { id: 'enterprise.server.needsRequired', defaultMessage: 'Tell us what you need.' },
  needsTooShort: {
    id: 'enterprise.server.needsTooShort',
    defaultMessage: 'Tell us a little more (at least {min} characters).',
  },
  needsTooLong: {
    id: 'enterprise.server.needsTooLong',
    defaultMessage: 'The description may not be greater than {max} characters.',
  },
});

const quoteTexts = new Map<string, [MessageDescriptor, Record<string, number>?]>([
  [QuoteMessages.received, [quoteMessages.received]],
  [QuoteMessages.nameRequired, [quoteMessages.nameRequired]],
  [QuoteMessages.nameTooLong, [quoteMessages.nameTooLong, { max: QuoteLimits.nameMax }]],
  [QuoteMessages.companyRequired, [quoteMessages.companyRequired]],
  [QuoteMessages.companyTooLong, [quoteMessages.companyTooLong, { max: QuoteLimits.companyMax }]],
  [AuthMessages.emailRequired, [quoteMessages.emailRequired]],
  [AuthMessages.emailInvalid, [quoteMessages.emailInvalid]],
  [QuoteMessages.needsRequired, [quoteMessages.needsRequired]],
  [QuoteMessages.needsTooShort, [quoteMessages.needsTooShort, { min: QuoteLimits.needsMin }]],
  [QuoteMessages.needsTooLong, [quoteMessages.needsTooLong, { max: QuoteLimits.needsMax }]],
]);

/** A server text of the quote in the page's language (other known server texts too; anything else as it came). */
export function quoteText(intl: IntlShape, text: string): string {
  const known = quoteTexts.get(text);
  return known ? intl.formatMessage(known[0], known[1]) : serverText(text);
}

/**
 * Enterprise "Request a quote": name, company, email and what they need. The server validates
 * (one schema in the contracts) and each message shows under its field; on success the form gives way
 * to the confirmation.
 */
export function QuoteForm({ defaults }: { defaults?: Partial<QuoteRequestBody> }) {
  const quote = useRequestQuote();
  const needsId = useId();
  const intl = useIntl();
  const [values, setValues] = useState<QuoteRequestBody>({
    name: defaults?.name ?? '',
    company: defaults?.company ?? '',
    email: defaults?.email ?? '',
    needs: '',
  });

  if (quote.isSuccess) {
    return (
      <div role="status" className="rounded-2xl border border-line bg-surface p-8 text-center shadow-card">
        <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">
          <FormattedMessage id="enterprise.sent" defaultMessage="Request sent" />
        </p>
        <h2 className="mt-2 text-2xl font-bold text-fg">
          <FormattedMessage id="enterprise.sentTitle" defaultMessage="We have your request" />
        </h2>
        <p className="mt-3 text-fg-muted">{quoteText(intl, quote.data.message)}</p>
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

  const received = quote.isError && isApiError(quote.error) ? (quote.error.errors ?? {}) : {};
  const errors: Partial<Record<string, string[]>> = Object.fromEntries(
    Object.entries(received).map(([field, messages]) => [field, messages.map((text) => quoteText(intl, text))]),
  );
  const formMessage = quote.isError && Object.keys(errors).length === 0 ? quote.error.message : null;
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    errors: errors[field],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value })),
  });
  const needsErrors = errors.needs;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
      <div>
        <label htmlFor={needsId} className="mb-1.5 block text-sm font-medium text-fg">
          <FormattedMessage id="enterprise.needs" defaultMessage="What do you need?" />
        </label>
        <textarea
          id={needsId}
          name="needs"
          rows={6}
          maxLength={QuoteLimits.needsMax}
          placeholder={intl.formatMessage({
            id: 'enterprise.needsPlaceholder',
            defaultMessage: 'Projects, channels, number of tracks, territories, deadlines…',
          })}
          value={values.needs}
          onChange={(event) => setValues((v) => ({ ...v, needs: event.target.value }))}
          aria-invalid={needsErrors ? true : undefined}
          aria-describedby={needsErrors ? `${needsId}-errors` : undefined}
          className={cx(inputClass, 'h-auto py-3')}
        />
        {needsErrors ? (
          <ul id={`${needsId}-errors`} className="mt-1.5 space-y-0.5 text-sm text-danger">
            {needsErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
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
