import { FormattedMessage } from 'react-intl';
import { Messages } from '@tarab/contracts/messages';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { googleErrorMessage, useAuthProviders, useGoogleLogin } from '../api/google';
import { loginDestination } from '../lib/login-destination';
import { FormAlert } from './form-field';

/** "Continue with Google", shown only when the server has Google sign-in configured. */
export function GoogleSignIn() {
  const providers = useAuthProviders();
  const navigate = useNavigate();
  const location = useLocation();
  const google = useGoogleLogin({
    onSuccess: (user) => {
      toast.success(Messages.loggedInWithGoogle);
      // The same destination as the password form: a safe `next` first (issue #32), then the usual rule.
      navigate(loginDestination(user, location), { replace: true });
    },
  });
  const clientId = providers.data?.google?.client_id;
  if (!clientId) return null;
  return (
    <div className="space-y-3">
      {google.isError ? <FormAlert>{googleErrorMessage(google.error)}</FormAlert> : null}
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
