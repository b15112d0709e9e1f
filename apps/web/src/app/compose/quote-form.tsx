// Composes the enterprise feature's API with the auth feature's form fields (features do not import each other).
import { QuoteLimits, type QuoteRequestBody } from '@tarab/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, inputClass, TextField } from '@/features/auth/components/form-field';
import { isApiError } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { useRequestQuote } from '@/features/enterprise/api/request-quote';

type Field = keyof QuoteRequestBody;

/**
 * Enterprise "Request a quote": name, company, email and what they need. The server validates
 * (one schema in the contracts) and each message shows under its field; on success the form gives way
 * to the confirmation.
 */
export function QuoteForm({ defaults }: { defaults?: Partial<QuoteRequestBody> }) {
  const quote = useRequestQuote();
  const needsId = useId();
  const [values, setValues] = useState<QuoteRequestBody>({
    name: defaults?.name ?? '',
    company: defaults?.company ?? '',
    email: defaults?.email ?? '',
    needs: '',
  });

  if (quote.isSuccess) {
    return (
      <div role="status" className="rounded-2xl border border-line bg-surface p-8 text-center shadow-card">
        <p className="text-xs font-semibold tracking-eyebrow text-accent uppercase">Request sent</p>
        <h2 className="mt-2 text-2xl font-bold text-fg">We have your request</h2>
        <p className="mt-3 text-fg-muted">{quote.data.message}</p>
        <p className="mt-2 text-sm text-fg-subtle">Reference #{quote.data.data.id}</p>
      </div>
    );
  }

  const errors = quote.isError && isApiError(quote.error) ? (quote.error.errors ?? {}) : {};
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
        <TextField label="Your name" type="text" autoComplete="name" {...bind('name')} />
        <TextField label="Company" type="text" autoComplete="organization" {...bind('company')} />
      </div>
      <TextField label="Work email" type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      <div>
        <label htmlFor={needsId} className="mb-1.5 block text-sm font-medium text-fg">
          What do you need?
        </label>
        <textarea
          id={needsId}
          name="needs"
          rows={6}
          maxLength={QuoteLimits.needsMax}
          placeholder="Projects, channels, number of tracks, territories, deadlines…"
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
        {quote.isPending ? 'Sending…' : 'Request a quote'}
      </Button>
    </form>
  );
}
