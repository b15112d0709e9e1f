import { FormattedMessage, useIntl } from 'react-intl';
import { accountAnswers } from '@/features/auth/lib/account-answers';
import { confirmEmailChange } from '@/features/auth/api/account';
import { EmailLinkPage } from '@/features/auth/components/email-link-page';

/**
 * /auth/confirm-email-change?token=… — the link mailed to the current address of an account without a
 * password that asked to change its email (issue #31). Changes it on arrival; the new address then gets
 * its own confirmation link.
 */
export default function ConfirmEmailChangeRoute() {
  const intl = useIntl();
  return (
    <EmailLinkPage
      use={confirmEmailChange}
      done={accountAnswers.emailChangePending}
      title={intl.formatMessage({ id: 'auth.confirmEmailChange.title', defaultMessage: 'Change your email' })}
      description={intl.formatMessage({
        id: 'auth.confirmEmailChange.description',
        defaultMessage: 'The link came to your current address: that proves the change is yours.',
      })}
      pending={<FormattedMessage id="auth.confirmEmailChange.changing" defaultMessage="Changing your email…" />}
    />
  );
}
