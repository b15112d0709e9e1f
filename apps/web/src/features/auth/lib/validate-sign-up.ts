import type { MessageDescriptor } from 'react-intl';
import { commonMessages } from '@/lib/i18n/common-messages';

type SignUpValues = { name: string; email: string; password: string; password_confirmation: string };

/**
 * The client checks of spec §5, in order: all four fields filled, then password and
 * confirmation equal. Returns the message to show, or null when the form may be sent.
 */
export function validateSignUp(values: SignUpValues): MessageDescriptor | null {
  const filled = [values.name.trim(), values.email.trim(), values.password, values.password_confirmation].every(
    (value) => value !== '',
  );
  if (!filled) return commonMessages.fillAllFields;
  if (values.password !== values.password_confirmation) return commonMessages.passwordsDoNotMatch;
  return null;
}
