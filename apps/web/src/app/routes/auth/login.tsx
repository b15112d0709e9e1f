import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useLocation } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { afterLoginPath } from '@/features/auth/lib/after-login';

/** /auth/login (spec §2). A user who is already logged in is sent on at once. */
export default function LoginRoute() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const intl = useIntl();

  if (isLoading && user)
    return (
      <LoadingState label={intl.formatMessage({ id: 'auth.checking', defaultMessage: 'Checking your session…' })} />
    );
  if (!isLoading && user) return <Navigate to={afterLoginPath(user, location.state)} replace />;

  return (
    <AuthLayout
      title={intl.formatMessage({ id: 'account.login', defaultMessage: 'Log in' })}
      description={intl.formatMessage({
        id: 'auth.login.description',
        defaultMessage: 'Welcome back. Sign in to your favorites, playlists and downloads.',
      })}
      footer={
        <>
          <FormattedMessage id="auth.login.newTo" defaultMessage="New to Tarab?" />{' '}
          <Link
            to={paths.auth.signUp.getHref()}
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            <FormattedMessage id="auth.login.createAccount" defaultMessage="Create an account" />
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}
