import { FormattedMessage, useIntl } from 'react-intl';
import { commonMessages } from '@/lib/i18n/common-messages';
import { Api } from '@tarab/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { googleErrorMessage, useAuthProviders } from '../api/google';
import { meQueryKey } from '../api/get-me';
import { requestGoogleAccessToken } from '../lib/google-identity';
import { FormAlert } from '@/components/ui/field';

/** `POST /api/me/google`: link Google sign-in to the logged-in account (shown when Google is configured). */
export function LinkGoogle() {
  const intl = useIntl();
  const providers = useAuthProviders();
  const queryClient = useQueryClient();
  const link = useMutation({
    mutationFn: async (clientId: string) => {
      const accessToken = await requestGoogleAccessToken(clientId);
      return api.call(Api.auth.linkGoogle, { body: { access_token: accessToken } });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
  const clientId = providers.data?.google?.client_id;
  if (!clientId) return null;
  return (
    <div className="space-y-3">
      {link.isError ? <FormAlert>{googleErrorMessage(intl, link.error)}</FormAlert> : null}
      {link.isSuccess ? (
        <p role="status" className="text-sm text-fg-muted">
          {intl.formatMessage(commonMessages.googleLinked)}
        </p>
      ) : null}
      <Button type="button" variant="secondary" disabled={link.isPending} onClick={() => link.mutate(clientId)}>
        {link.isPending ? (
          <FormattedMessage id="google.connecting" defaultMessage="Connecting to Google…" />
        ) : (
          <FormattedMessage id="google.link" defaultMessage="Link Google sign-in" />
        )}
      </Button>
    </div>
  );
}
