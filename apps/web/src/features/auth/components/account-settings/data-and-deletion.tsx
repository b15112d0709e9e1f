import { FormattedMessage, useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { downloadMyData, useDeleteAccount } from '../../api/account';
import type { User } from '../../types';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { FormAlert } from '@/components/ui/field';
import { PasswordField } from '../form-field';
import { SettingsCard } from './settings-card';

const dangerBase =
  'inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const dangerOutline = `${dangerBase} border border-pomegranate-400/60 text-danger hover:border-pomegranate-400 hover:bg-pomegranate-700/20`;
const dangerSolid = `${dangerBase} bg-pomegranate-500 text-white hover:bg-pomegranate-400`;

/** "Download my data" (JSON) and "Delete my account" (password confirmation). */
export function DataAndDeletion({ user }: { user: User }) {
  const intl = useIntl();
  const download = useMutation({ mutationFn: downloadMyData });
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const errors = fieldErrors(intl, remove.error);

  const onDelete = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    remove.mutate({ password, confirm_email: user.email });
  };

  return (
    <>
      <SettingsCard
        title={intl.formatMessage({ id: 'settings.data.title', defaultMessage: 'Your data' })}
        description={intl.formatMessage({
          id: 'settings.data.description',
          defaultMessage:
            'A JSON file with your profile, orders, licences, subscriptions, playlists, favorites and uploads.',
        })}
      >
        {download.isError ? <FormAlert>{errorMessage(intl, download.error)}</FormAlert> : null}
        <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? (
            <FormattedMessage id="settings.data.preparing" defaultMessage="Preparing…" />
          ) : (
            <FormattedMessage id="settings.data.download" defaultMessage="Download my data" />
          )}
        </Button>
      </SettingsCard>

      <SettingsCard
        tone="danger"
        title={intl.formatMessage({ id: 'settings.delete.title', defaultMessage: 'Delete account' })}
        description={
          <FormattedMessage
            id="settings.delete.description"
            defaultMessage="Your personal data is erased. Orders stay for accounting with an anonymous buyer, and licence keys stay valid. See the <link>privacy policy</link>."
            values={{
              link: (chunks) => (
                <Link to={paths.privacyPolicy.getHref()} className="text-accent underline-offset-4 hover:underline">
                  {chunks}
                </Link>
              ),
            }}
          />
        }
      >
        {!confirming ? (
          <button type="button" className={dangerOutline} onClick={() => setConfirming(true)}>
            <FormattedMessage id="settings.delete.start" defaultMessage="Delete my account" />
          </button>
        ) : (
          <form onSubmit={onDelete} className="grid gap-4" aria-busy={remove.isPending || undefined}>
            {remove.isError && !errors.password ? <FormAlert>{errorMessage(intl, remove.error)}</FormAlert> : null}
            <PasswordField
              label={intl.formatMessage({ id: 'settings.delete.password', defaultMessage: 'Your password' })}
              name="delete_password"
              autoComplete="current-password"
              value={password}
              errors={errors.password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={dangerSolid} disabled={remove.isPending}>
                {remove.isPending ? (
                  <FormattedMessage id="settings.delete.deleting" defaultMessage="Deleting…" />
                ) : (
                  <FormattedMessage id="settings.delete.confirm" defaultMessage="Delete my account for good" />
                )}
              </button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                <FormattedMessage id="settings.delete.keep" defaultMessage="Keep my account" />
              </Button>
            </div>
          </form>
        )}
      </SettingsCard>
    </>
  );
}
