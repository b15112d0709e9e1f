import { FormattedMessage, useIntl } from 'react-intl';
import { accountAnswerText } from '../../lib/account-answers';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useUpdateMe } from '../../api/account';
import type { User } from '../../types';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { FormAlert } from '@/components/ui/field';
import { PasswordField, TextField } from '../form-field';
import { OwnershipProof } from './ownership-proof';
import { SavedNote, SettingsCard } from './settings-card';

/**
 * Name and email. A new email needs the current password (an account without one: Google or a link
 * mailed to the current address) and is confirmed by a link.
 */
export function AccountDetailsForm({ user }: { user: User }) {
  const intl = useIntl();
  const update = useUpdateMe();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();
  const errors = fieldErrors(intl, update.error);
  const proofRequest = errors.google_access_token?.[0];
  const changeWith = (proof: { google_access_token: string } | { send_link: 'email_change' }) =>
    update.mutate({ name: name.trim(), email: email.trim(), ...proof });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      {
        name: name.trim(),
        ...(emailChanged ? { email: email.trim(), current_password: currentPassword } : {}),
      },
      { onSuccess: () => setCurrentPassword('') },
    );
  };

  return (
    <SettingsCard
      title={intl.formatMessage({ id: 'settings.details.title', defaultMessage: 'Account details' })}
      description={intl.formatMessage({
        id: 'settings.details.description',
        defaultMessage: 'Your name appears on receipts and licences.',
      })}
    >
      <form onSubmit={onSubmit} className="grid gap-5" aria-busy={update.isPending || undefined}>
        {update.isError && Object.keys(errors).length === 0 ? (
          <FormAlert>{errorMessage(intl, update.error)}</FormAlert>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={intl.formatMessage({ id: 'settings.name', defaultMessage: 'Name' })}
            name="name"
            autoComplete="name"
            value={name}
            errors={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={intl.formatMessage({ id: 'settings.emailAddress', defaultMessage: 'Email address' })}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            errors={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        {emailChanged ? (
          <PasswordField
            label={intl.formatMessage({ id: 'settings.currentPassword', defaultMessage: 'Current password' })}
            name="current_password"
            autoComplete="current-password"
            value={currentPassword}
            errors={errors.current_password}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        ) : null}
        {proofRequest && emailChanged ? (
          <OwnershipProof
            message={proofRequest}
            pending={update.isPending}
            onGoogle={(token) => changeWith({ google_access_token: token })}
            onLink={() => changeWith({ send_link: 'email_change' })}
          />
        ) : null}
        {update.isSuccess ? <SavedNote>{accountAnswerText(intl, update.data.message)}</SavedNote> : null}
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? (
              <FormattedMessage id="settings.saving" defaultMessage="Saving…" />
            ) : (
              <FormattedMessage id="settings.details.save" defaultMessage="Save details" />
            )}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
