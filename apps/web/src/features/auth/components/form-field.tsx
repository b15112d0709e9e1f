import { useIntl } from 'react-intl';
import { useState, type ComponentPropsWithoutRef, type Ref } from 'react';
import { InputField } from '@/components/ui/field';
import { Icon } from '@/components/ui/icons';

type FieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className' | 'prefix'> & {
  label: string;
  /** Messages shown under the input, one per line (spec §5: field errors one by one). */
  errors?: readonly string[] | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled text input with its error messages wired to `aria-describedby`. */
export function TextField(props: FieldProps) {
  // An address reads left to right on Arabic pages too (a long one would show its end first).
  return <InputField dir={props.type === 'email' ? 'ltr' : undefined} {...props} />;
}

const EyeIcon = ({ off }: { off: boolean }) => (
  <Icon>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
    {off ? <path d="M3 3l18 18" /> : null}
  </Icon>
);

/** A password input with a show/hide toggle (spec §2 /auth/login). */
export function PasswordField({ label, ...props }: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const intl = useIntl();
  return (
    <InputField
      label={label}
      type={visible ? 'text' : 'password'}
      inputClassName="pe-13"
      end={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={intl.formatMessage(
            { id: 'auth.showPassword', defaultMessage: 'Show {field}' },
            { field: intl.locale === 'en' ? label.toLowerCase() : label },
          )}
          className="absolute inset-y-0 end-1 my-auto grid size-10 place-items-center rounded-lg text-fg-subtle transition-colors hover:bg-white/5 hover:text-fg"
        >
          <EyeIcon off={visible} />
        </button>
      }
      {...props}
    />
  );
}

/** The state of a new password and its confirmation: `<NewPasswordFields {...newPassword.fields} />`. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    confirmation,
    clear: () => {
      setPassword('');
      setConfirmation('');
    },
    fields: { password, confirmation, onPassword: setPassword, onConfirmation: setConfirmation },
  };
}

/**
 * A new password and its confirmation (the reset link's page, the settings' password form), each
 * with its error messages.
 */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors,
}: ReturnType<typeof useNewPassword>['fields'] & {
  errors: { password?: readonly string[] | undefined; password_confirmation?: readonly string[] | undefined };
}) {
  const intl = useIntl();
  return (
    <>
      <PasswordField
        label={intl.formatMessage({ id: 'settings.newPassword', defaultMessage: 'New password' })}
        name="password"
        autoComplete="new-password"
        value={password}
        errors={errors.password}
        onChange={(event) => onPassword(event.target.value)}
      />
      <PasswordField
        label={intl.formatMessage({ id: 'settings.confirmNewPassword', defaultMessage: 'Confirm new password' })}
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        errors={errors.password_confirmation}
        onChange={(event) => onConfirmation(event.target.value)}
      />
    </>
  );
}
