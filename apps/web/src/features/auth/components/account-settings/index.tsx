import type { User } from '../../types';
import { AccountDetailsForm } from './account-details-form';
import { ChangePasswordForm } from './change-password-form';
import { DataAndDeletion } from './data-and-deletion';
import { SessionsPanel } from './sessions-panel';

/** The settings of /profile (issue 17): details, password, sessions, data and deletion. */
export function AccountSettings({ user }: { user: User }) {
  return (
    <div className="grid gap-6">
      <AccountDetailsForm key={user.id} user={user} />
      <ChangePasswordForm />
      <SessionsPanel />
      <DataAndDeletion user={user} />
    </div>
  );
}
