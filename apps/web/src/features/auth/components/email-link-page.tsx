import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { meQueryKey } from '../api/get-me';
import { useAuth } from '../hooks/use-auth';
import { errorMessage } from '../lib/error-message';
import { AuthLayout } from './auth-layout';
import { FormAlert } from '@/components/ui/field';

/**
 * The page of a link mailed to an address (`?token=…`): uses the token once on arrival, then says what
 * happened and where to go next (the profile when logged in, else the login page). The email
 * confirmation (issue 17) and the email change of an account without a password (issue #31).
 */
export function EmailLinkPage({
  use,
  done,
  title,
  description,
  pending,
}: {
  /** Uses the link's token. */
  use: (token: string) => Promise<unknown>;
  /** What the page says once the token is used (the route's answer, `accountAnswers.*`). */
  done: MessageDescriptor;
  title: string;
  description: string;
  /** Shown while the token is being used. */
  pending: ReactNode;
}) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: use,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mutation.mutate(token);
  }, [token, mutation]);

  const next = user ? paths.profile.getHref() : paths.auth.login.getHref();
  return (
    <AuthLayout
      title={title}
      description={description}
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
        ) : mutation.isSuccess ? (
          <>
            <p role="status" className="text-lg font-medium text-fg">
              {intl.formatMessage(done)}
            </p>
            <LinkButton to={next} size="lg" className="w-full">
              {user ? (
                <FormattedMessage id="auth.verifyEmail.toProfile" defaultMessage="Go to your profile" />
              ) : (
                <FormattedMessage id="account.login" defaultMessage="Log in" />
              )}
            </LinkButton>
          </>
        ) : mutation.isError ? (
          <>
            <FormAlert>{errorMessage(intl, mutation.error)}</FormAlert>
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
            <Spinner /> {pending}
          </p>
        )}
      </div>
    </AuthLayout>
  );
}
