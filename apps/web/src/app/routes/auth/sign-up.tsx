import { FormattedMessage, useIntl } from 'react-intl';
import { paths } from '@/config/paths';
import { AuthFooterLink, AuthLayout } from '@/features/auth/components/auth-layout';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

/** /auth/sign-up (spec §2): success goes to /. */
export default function SignUpRoute() {
  const intl = useIntl();
  return (
    <AuthLayout
      title={intl.formatMessage({ id: 'auth.signUp.title', defaultMessage: 'Create your account' })}
      description={intl.formatMessage({
        id: 'auth.signUp.description',
        defaultMessage: 'Favorite tracks, keep playlists and license music for your projects.',
      })}
      footer={
        <AuthFooterLink
          prompt={<FormattedMessage id="auth.signUp.haveAccount" defaultMessage="Already have an account?" />}
          to={paths.auth.login.getHref()}
        >
          <FormattedMessage id="account.login" defaultMessage="Log in" />
        </AuthFooterLink>
      }
    >
      <SignUpForm />
    </AuthLayout>
  );
}
