import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { commonMessages } from '@/lib/i18n/common-messages';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { googleErrorMessage, useAuthProviders, useGoogleLogin } from '../api/google';
import { loginDestination } from '../lib/login-destination';
import { FormAlert } from '@/components/ui/field';

/** "Continue with Google", shown only when the server has Google sign-in configured. */
export function GoogleSignIn() {
  const intl = useIntl();
  const providers = useAuthProviders();
  const navigate = useNavigate();
  const location = useLocation();
  const google = useGoogleLogin({
    onSuccess: (user) => {
      toast.success(commonMessages.loggedInWithGoogle);
      // The same destination as the password form: a safe `next` first (issue #32), then the usual rule.
      navigate(loginDestination(user, location), { replace: true });
    },
  });
  const clientId = providers.data?.google?.client_id;
  if (!clientId) return null;
  return (
    <div className="space-y-3">
      {google.isError ? <FormAlert>{googleErrorMessage(intl, google.error)}</FormAlert> : null}
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={google.isPending}
        onClick={() => google.mutate(clientId)}
      >
        {google.isPending ? (
          <FormattedMessage id="google.connecting" defaultMessage="Connecting to Google…" />
        ) : (
          <FormattedMessage id="google.continue" defaultMessage="Continue with Google" />
        )}
      </Button>
    </div>
  );
}
