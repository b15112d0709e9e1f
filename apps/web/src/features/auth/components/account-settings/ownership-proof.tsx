import { FormattedMessage, useIntl } from 'react-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { googleErrorMessage, useAuthProviders } from '../../api/google';
import { requestGoogleAccessToken } from '../../lib/google-identity';
import { FormAlert } from '@/components/ui/field';

/**
 * An account without a password (Google only) proves a change of email or password (issue #31):
 * with a fresh Google token of its own Google account, or with a link mailed to its current address.
 * Shown once the server asked for it (`proofRequired`, on the `google_access_token` field).
 */
export function OwnershipProof({
  message,
  pending,
  onGoogle,
  onLink,
}: {
  /** The server's request for proof, in the page's language. */
  message: string;
  pending: boolean;
  onGoogle: (accessToken: string) => void;
  onLink: () => void;
}) {
  const intl = useIntl();
  const providers = useAuthProviders();
  const clientId = providers.data?.google?.client_id;
  const [googleError, setGoogleError] = useState<string | null>(null);
  const withGoogle = async (id: string) => {
    try {
      const token = await requestGoogleAccessToken(id);
      setGoogleError(null);
      onGoogle(token);
    } catch (error) {
      setGoogleError(googleErrorMessage(intl, error));
    }
  };
  return (
    <div className="grid gap-3" data-testid="ownership-proof">
      <FormAlert>{message}</FormAlert>
      {googleError ? <FormAlert>{googleError}</FormAlert> : null}
      <div className="flex flex-wrap gap-3">
        {clientId ? (
          <Button type="button" variant="secondary" disabled={pending} onClick={() => void withGoogle(clientId)}>
            <FormattedMessage id="settings.proof.google" defaultMessage="Confirm with Google" />
          </Button>
        ) : null}
        <Button type="button" variant="secondary" disabled={pending} onClick={onLink}>
          <FormattedMessage id="settings.proof.link" defaultMessage="Email a link to my current address" />
        </Button>
      </div>
    </div>
  );
}
