import { FormattedMessage, useIntl } from 'react-intl';
import { accountAnswerText } from '../../lib/account-answers';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useUpdateMe } from '../../api/account';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { FormAlert } from '@/components/ui/field';
import { NewPasswordFields, PasswordField, useNewPassword } from '../form-field';
import { OwnershipProof } from './ownership-proof';
import { SavedNote, SettingsCard } from './settings-card';

/**
 * A new password: the current one is required (an account without one: Google, or the reset link mailed
 * to its current address); every other device is logged out.
 */
export function ChangePasswordForm() {
  const intl = useIntl();
  const update = useUpdateMe();
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const { password, confirmation } = newPassword;
  const errors = fieldErrors(intl, update.error);
  const proofRequest = errors.google_access_token?.[0];
  const clear = () => {
    setCurrent('');
    newPassword.clear();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ current_password: current, password, password_confirmation: confirmation }, { onSuccess: clear });
  };

  return (
    <SettingsCard
      title={intl.formatMessage({ id: 'auth.password', defaultMessage: 'Password' })}
      description={intl.formatMessage({
        id: 'settings.password.description',
        defaultMessage: 'At least 8 characters. Other devices are logged out when it changes.',
      })}
    >
      <form onSubmit={onSubmit} className="grid gap-5" aria-busy={update.isPending || undefined}>
        {update.isError && Object.keys(errors).length === 0 ? (
          <FormAlert>{errorMessage(intl, update.error)}</FormAlert>
        ) : null}
        <PasswordField
          label={intl.formatMessage({ id: 'settings.currentPassword', defaultMessage: 'Current password' })}
          name="current_password"
          autoComplete="current-password"
          value={current}
          errors={errors.current_password}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <NewPasswordFields {...newPassword.fields} errors={errors} />
        </div>
        {proofRequest ? (
          <OwnershipProof
            message={proofRequest}
            pending={update.isPending}
            onGoogle={(token) =>
              update.mutate(
                { password, password_confirmation: confirmation, google_access_token: token },
                { onSuccess: clear },
              )
            }
            onLink={() => update.mutate({ send_link: 'set_password' }, { onSuccess: clear })}
          />
        ) : null}
        {update.isSuccess ? <SavedNote>{accountAnswerText(intl, update.data.message)}</SavedNote> : null}
        <div>
          <Button type="submit" disabled={update.isPending || !password}>
            {update.isPending ? (
              <FormattedMessage id="settings.saving" defaultMessage="Saving…" />
            ) : (
              <FormattedMessage id="settings.password.change" defaultMessage="Change password" />
            )}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
