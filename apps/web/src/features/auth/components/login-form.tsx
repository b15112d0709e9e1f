import { FormattedMessage, useIntl } from 'react-intl';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { commonMessages } from '@/lib/i18n/common-messages';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { loginErrorMessage, useLogin } from '../api/login';
import { loginDestination } from '../lib/login-destination';
import { FormAlert } from '@/components/ui/field';
import { PasswordField, TextField } from './form-field';
import { GoogleSignIn } from './google-sign-in';

/**
 * Email and password (spec §2 /auth/login). No client validation apart from the email
 * input type (spec §5). Google sign-in is offered only when the server has it configured.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin({
    onSuccess: (user) => {
      toast.success(commonMessages.loggedIn);
      navigate(loginDestination(user, location), { replace: true });
    },
  });
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-busy={login.isPending || undefined}>
      {login.isError ? <FormAlert>{loginErrorMessage(intl, login.error)}</FormAlert> : null}
      <TextField
        label={intl.formatMessage({ id: 'auth.email', defaultMessage: 'Email' })}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        label={intl.formatMessage({ id: 'auth.password', defaultMessage: 'Password' })}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <p className="-mt-2 text-end text-sm">
        <Link
          to={paths.auth.forgotPassword.getHref()}
          className="font-medium text-fg-muted underline-offset-4 hover:text-accent hover:underline"
        >
          <FormattedMessage id="auth.forgot" defaultMessage="Forgot your password?" />
        </Link>
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? (
          <FormattedMessage id="auth.loggingIn" defaultMessage="Logging in…" />
        ) : (
          <FormattedMessage id="account.login" defaultMessage="Log in" />
        )}
      </Button>
      <GoogleSignIn />
    </form>
  );
}
