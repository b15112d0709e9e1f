import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

/** /auth/sign-up (spec §2): success goes to /. */
export default function SignUpRoute() {
  return (
    <AuthLayout
      title="Create your account"
      description="Favourite tracks, keep playlists and license music for your projects."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={paths.auth.login.getHref()}
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            Log in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthLayout>
  );
}
