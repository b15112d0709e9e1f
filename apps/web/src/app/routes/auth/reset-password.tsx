import { FormattedMessage, useIntl } from 'react-intl';
import { accountAnswers } from '@/features/auth/lib/account-answers';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useResetPassword } from '@/features/auth/api/account';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert, PasswordField } from '@/features/auth/components/form-field';
import { errorMessage, fieldErrors } from '@/features/auth/lib/error-message';

/** /auth/reset-password?token=… — the link of the reset email: a new password, then log in. */
export default function ResetPasswordRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const errors = fieldErrors(intl, reset.error);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset.mutate({ token, password, password_confirmation: confirmation });
  };
  return (
    <AuthLayout
      title={intl.formatMessage({ id: 'auth.resetPassword.title', defaultMessage: 'Choose a new password' })}
      description={intl.formatMessage({
        id: 'auth.resetPassword.description',
        defaultMessage: 'At least 8 characters. Every device will be logged out.',
      })}
      footer={
        <Link
          to={paths.auth.forgotPassword.getHref()}
          className="font-semibold text-accent underline-offset-4 hover:underline"
        >
          <FormattedMessage id="auth.resetPassword.newLink" defaultMessage="Ask for a new link" />
        </Link>
      }
    >
      {reset.isSuccess ? (
        <div className="space-y-5 text-center">
          <p role="status" className="text-lg font-medium text-fg">
            {intl.formatMessage(accountAnswers.passwordReset)}
          </p>
          <LinkButton to={paths.auth.login.getHref()} size="lg" className="w-full">
            <FormattedMessage id="account.login" defaultMessage="Log in" />
          </LinkButton>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-5" aria-busy={reset.isPending || undefined}>
          {!token ? (
            <FormAlert>
              <FormattedMessage
                id="auth.linkWithoutToken"
                defaultMessage="This link has no token. Open the link from the email again."
              />
            </FormAlert>
          ) : null}
          {reset.isError && !errors.password ? <FormAlert>{errorMessage(intl, reset.error)}</FormAlert> : null}
          <PasswordField
            label={intl.formatMessage({ id: 'settings.newPassword', defaultMessage: 'New password' })}
            name="password"
            autoComplete="new-password"
            value={password}
            errors={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordField
            label={intl.formatMessage({ id: 'settings.confirmNewPassword', defaultMessage: 'Confirm new password' })}
            name="password_confirmation"
            autoComplete="new-password"
            value={confirmation}
            errors={errors.password_confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={reset.isPending || !token}>
            {reset.isPending ? (
              <FormattedMessage id="settings.saving" defaultMessage="Saving…" />
            ) : (
              <FormattedMessage id="auth.resetPassword.save" defaultMessage="Save the new password" />
            )}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
