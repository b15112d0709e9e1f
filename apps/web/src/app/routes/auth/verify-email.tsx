import { FormattedMessage, useIntl } from 'react-intl';
import { serverText } from '@/lib/i18n/server-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { verifyEmail } from '@/features/auth/api/account';
import { meQueryKey } from '@/features/auth/api/get-me';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/features/auth/components/form-field';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { errorMessage } from '@/features/auth/lib/error-message';

/** /auth/verify-email?token=… — the link of the confirmation email (issue 17). Confirms on arrival. */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next = user ? paths.profile.getHref() : paths.auth.login.getHref();
  const intl = useIntl();
  return (
    <AuthLayout
      title={intl.formatMessage({ id: 'verify.banner', defaultMessage: 'Confirm your email' })}
      description={intl.formatMessage({
        id: 'auth.verifyEmail.description',
        defaultMessage: 'One click proves the address is yours.',
      })}
      footer={
        <Link to={paths.home.getHref()} className="font-semibold text-accent underline-offset-4 hover:underline">
          <FormattedMessage id="auth.verifyEmail.backToStore" defaultMessage="Back to the store" />
        </Link>
      }
    >
      <div className="space-y-5 text-center" aria-live="polite">
        {!token ? (
          <FormAlert>
            <FormattedMessage
              id="auth.linkWithoutToken"
              defaultMessage="This link has no token. Open the link from the email again."
            />
          </FormAlert>
        ) : verify.isSuccess ? (
          <>
            <p role="status" className="text-lg font-medium text-fg">
              {serverText(verify.data.message)}
            </p>
            <LinkButton to={next} size="lg" className="w-full">
              {user ? (
                <FormattedMessage id="auth.verifyEmail.toProfile" defaultMessage="Go to your profile" />
              ) : (
                <FormattedMessage id="account.login" defaultMessage="Log in" />
              )}
            </LinkButton>
          </>
        ) : verify.isError ? (
          <>
            <FormAlert>{errorMessage(verify.error)}</FormAlert>
            <LinkButton to={next} variant="secondary" size="lg" className="w-full">
              {user ? (
                <FormattedMessage
                  id="auth.verifyEmail.newLinkFromProfile"
                  defaultMessage="Send a new link from your profile"
                />
              ) : (
                <FormattedMessage id="auth.verifyEmail.logInForNewLink" defaultMessage="Log in to ask for a new link" />
              )}
            </LinkButton>
          </>
        ) : (
          <p className="flex items-center justify-center gap-3 text-fg-muted">
            <Spinner /> <FormattedMessage id="auth.verifyEmail.confirming" defaultMessage="Confirming your email…" />
          </p>
        )}
      </div>
    </AuthLayout>
  );
}
