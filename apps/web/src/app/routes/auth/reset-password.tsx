import { FormattedMessage, useIntl } from 'react-intl';
import { accountAnswers } from '@/features/auth/lib/account-answers';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useResetPassword } from '@/features/auth/api/account';
import { AuthFooterLink, AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/components/ui/field';
import { NewPasswordFields, useNewPassword } from '@/features/auth/components/form-field';
import { errorMessage, fieldErrors } from '@/features/auth/lib/error-message';

/** /auth/reset-password?token=… — the link of the reset email: a new password, then log in. */
export default function ResetPasswordRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const newPassword = useNewPassword();
  const errors = fieldErrors(intl, reset.error);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset.mutate({ token, password: newPassword.password, password_confirmation: newPassword.confirmation });
  };
  return (
    <AuthLayout
      title={intl.formatMessage({ id: 'auth.resetPassword.title', defaultMessage: 'Choose a new password' })}
      description={intl.formatMessage({
        id: 'auth.resetPassword.description',
        defaultMessage: 'At least 8 characters. Every device will be logged out.',
      })}
      footer={
        <AuthFooterLink to={paths.auth.forgotPassword.getHref()}>
          <FormattedMessage id="auth.resetPassword.newLink" defaultMessage="Ask for a new link" />
        </AuthFooterLink>
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
          <NewPasswordFields {...newPassword.fields} errors={errors} />
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
