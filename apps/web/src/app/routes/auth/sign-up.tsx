import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
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
        <>
          <FormattedMessage id="auth.signUp.haveAccount" defaultMessage="Already have an account?" />{' '}
          <Link
            to={paths.auth.login.getHref()}
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            <FormattedMessage id="account.login" defaultMessage="Log in" />
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthLayout>
  );
}
