import { FormattedMessage, useIntl } from 'react-intl';
import { accountAnswers } from '@/features/auth/lib/account-answers';
import { verifyEmail } from '@/features/auth/api/account';
import { EmailLinkPage } from '@/features/auth/components/email-link-page';

/** /auth/verify-email?token=… — the link of the confirmation email (issue 17). Confirms on arrival. */
export default function VerifyEmailRoute() {
  const intl = useIntl();
  return (
    <EmailLinkPage
      use={verifyEmail}
      done={accountAnswers.emailVerified}
      title={intl.formatMessage({ id: 'verify.banner', defaultMessage: 'Confirm your email' })}
      description={intl.formatMessage({
        id: 'auth.verifyEmail.description',
        defaultMessage: 'One click proves the address is yours.',
      })}
      pending={<FormattedMessage id="auth.verifyEmail.confirming" defaultMessage="Confirming your email…" />}
    />
  );
}
