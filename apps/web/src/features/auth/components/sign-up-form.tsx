import { FormattedMessage, useIntl } from 'react-intl';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { commonMessages } from '@/lib/i18n/common-messages';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { registerFailure, useRegister, type RegisterInput } from '../api/register';
import { validateSignUp } from '../lib/validate-sign-up';
import { FormAlert } from '@/components/ui/field';
import { PasswordField, TextField } from './form-field';

type Field = keyof RegisterInput;
const FIELDS: readonly Field[] = ['name', 'email', 'password', 'password_confirmation'];
const EMPTY: RegisterInput = { name: '', email: '', password: '', password_confirmation: '' };

/** Server field errors whose field this form has no input for. */
function otherErrors(errors: Partial<Record<string, string[]>>): string[] {
  return Object.entries(errors)
    .filter(([field]) => !FIELDS.includes(field as Field))
    .flatMap(([, messages]) => messages ?? []);
}

/**
 * Full name, email, password and confirmation (spec §2 /auth/sign-up). Client checks of
 * spec §5 first; then the server's field errors, each under its field.
 */
export function SignUpForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const register = useRegister({
    onSuccess: () => {
      toast.success(commonMessages.accountCreated);
      navigate(paths.home.getHref(), { replace: true });
    },
  });
  const [values, setValues] = useState<RegisterInput>(EMPTY);
  const [clientError, setClientError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const failure = register.isError ? registerFailure(intl, register.error) : null;
  const fieldErrors = failure?.fieldErrors ?? {};
  const formMessages = clientError
    ? [clientError]
    : [...(failure?.message ? [failure.message] : []), ...otherErrors(fieldErrors)];

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    errors: clientError ? undefined : fieldErrors[field],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateSignUp(values);
    setClientError(problem && intl.formatMessage(problem));
    if (problem) {
      register.reset();
      return;
    }
    register.mutate(
      { ...values, name: values.name.trim(), email: values.email.trim() },
      {
        onError: (error) => {
          const first = FIELDS.find((field) => registerFailure(intl, error).fieldErrors[field]?.length);
          if (first) inputs.current[first]?.focus();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={register.isPending || undefined}>
      {formMessages.length > 0 ? (
        <FormAlert>
          {formMessages.length === 1 ? (
            formMessages[0]!
          ) : (
            <ul className="space-y-1">
              {formMessages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </FormAlert>
      ) : null}
      <TextField
        label={intl.formatMessage({ id: 'auth.fullName', defaultMessage: 'Full name' })}
        type="text"
        autoComplete="name"
        {...bind('name')}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.email', defaultMessage: 'Email' })}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...bind('email')}
      />
      <PasswordField
        label={intl.formatMessage({ id: 'auth.password', defaultMessage: 'Password' })}
        autoComplete="new-password"
        {...bind('password')}
      />
      <PasswordField
        label={intl.formatMessage({ id: 'auth.confirmPassword', defaultMessage: 'Confirm password' })}
        autoComplete="new-password"
        {...bind('password_confirmation')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
        {register.isPending ? (
          <FormattedMessage id="auth.creating" defaultMessage="Creating account…" />
        ) : (
          <FormattedMessage id="auth.create" defaultMessage="Create account" />
        )}
      </Button>
    </form>
  );
}
