import { useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { useAuth } from '../hooks/use-auth';
import type { LoginRedirectState } from '../lib/return-to';

/**
 * Guard for the login-only routes (spec §2). Checks login only, not a role. A visitor
 * goes to /auth/login with the page they wanted in `state.from`.
 */
export function RequireAuth() {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  const intl = useIntl();

  if (isLoading)
    return (
      <LoadingState label={intl.formatMessage({ id: 'auth.checking', defaultMessage: 'Checking your session…' })} />
    );

  if (!isAuthenticated) {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.auth.login.getHref()} replace state={state} />;
  }

  return <Outlet />;
}
