import { FormattedMessage, useIntl } from 'react-intl';
import { accountAnswers } from '@/features/auth/lib/account-answers';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useForgotPassword } from '@/features/auth/api/account';
import { AuthFooterLink, AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/components/ui/field';
import { TextField } from '@/features/auth/components/form-field';
import { errorMessage, fieldErrors } from '@/features/auth/lib/error-message';

/** /auth/forgot-password: asks for a reset link (the answer never says whether the account exists). */
export default function ForgotPasswordRoute() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const intl = useIntl();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    forgot.mutate(email.trim());
  };
  return (
    <AuthLayout
      title={intl.formatMessage({ id: 'auth.forgot', defaultMessage: 'Forgot your password?' })}
      description={intl.formatMessage({
        id: 'auth.forgotPassword.description',
        defaultMessage: 'Enter your email and we will send you a link to choose a new one.',
      })}
      footer={
        <AuthFooterLink
          prompt={<FormattedMessage id="auth.forgotPassword.remembered" defaultMessage="Remembered it?" />}
          to={paths.auth.login.getHref()}
        >
          <FormattedMessage id="account.login" defaultMessage="Log in" />
        </AuthFooterLink>
      }
    >
      {forgot.isSuccess ? (
        <p role="status" className="rounded-xl border border-teal-500/40 bg-teal-700/20 px-4 py-3 text-sm text-fg">
          {intl.formatMessage(accountAnswers.resetRequested)}
        </p>
      ) : (
        <form onSubmit={onSubmit} className="space-y-5" aria-busy={forgot.isPending || undefined}>
          {forgot.isError && !fieldErrors(intl, forgot.error).email ? (
            <FormAlert>{errorMessage(intl, forgot.error)}</FormAlert>
          ) : null}
          <TextField
            label={intl.formatMessage({ id: 'auth.email', defaultMessage: 'Email' })}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            errors={fieldErrors(intl, forgot.error).email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? (
              <FormattedMessage id="verify.sending" defaultMessage="Sending…" />
            ) : (
              <FormattedMessage id="auth.forgotPassword.send" defaultMessage="Send me a reset link" />
            )}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
