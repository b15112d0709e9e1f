import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { AuthFooterLink, AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { intentTitleOf, loginDestination } from '@/features/auth/lib/login-destination';
import { loginReasonOf, type LoginReason } from '@/lib/login-next';

/** Why the visitor is asked to log in (issue #32): what they were doing, and that it will be finished. */
function LoginReasonNotice({ reason, title }: { reason: LoginReason; title: string | null }) {
  const named = title ? <bdi>{title}</bdi> : null;
  return (
    <div
      role="status"
      data-testid="login-reason"
      className="mb-6 rounded-xl border border-accent/30 bg-accent/[0.08] px-4 py-3 text-start"
    >
      <p className="text-sm font-semibold text-fg">
        {reason === 'license' ? (
          named ? (
            <FormattedMessage
              id="auth.login.reasonLicense"
              defaultMessage="Log in to license {title}"
              values={{ title: named }}
            />
          ) : (
            <FormattedMessage id="auth.login.reasonLicenseAny" defaultMessage="Log in to license this track" />
          )
        ) : named ? (
          <FormattedMessage
            id="auth.login.reasonDownload"
            defaultMessage="Log in to download {title}"
            values={{ title: named }}
          />
        ) : (
          <FormattedMessage id="auth.login.reasonDownloadAny" defaultMessage="Log in to download this track" />
        )}
      </p>
      <p className="mt-0.5 text-sm text-fg-muted">
        <FormattedMessage id="auth.login.reasonResume" defaultMessage="You’ll go straight back to finish it." />
      </p>
    </div>
  );
}

/** /auth/login (spec §2). A user who is already logged in is sent on at once. */
export default function LoginRoute() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const intl = useIntl();
  const reason = loginReasonOf(location.search);

  if (isLoading && user)
    return (
      <LoadingState label={intl.formatMessage({ id: 'auth.checking', defaultMessage: 'Checking your session…' })} />
    );
  if (!isLoading && user) return <Navigate to={loginDestination(user, location)} replace />;

  return (
    <AuthLayout
      title={intl.formatMessage({ id: 'account.login', defaultMessage: 'Log in' })}
      description={intl.formatMessage({
        id: 'auth.login.description',
        defaultMessage: 'Welcome back. Sign in to your favorites, playlists and downloads.',
      })}
      footer={
        <AuthFooterLink
          prompt={<FormattedMessage id="auth.login.newTo" defaultMessage="New to Tarab?" />}
          to={paths.auth.signUp.getHref()}
        >
          <FormattedMessage id="auth.login.createAccount" defaultMessage="Create an account" />
        </AuthFooterLink>
      }
    >
      {reason ? <LoginReasonNotice reason={reason} title={intentTitleOf(location.state)} /> : null}
      <LoginForm />
    </AuthLayout>
  );
}
