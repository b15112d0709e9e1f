import { AccountMessages } from '@tarab/contracts/account-messages';
import { defineMessages, type IntlShape } from 'react-intl';

/**
 * What the account routes answer when they succeed (contracts account-messages.ts), as messages of the
 * web app: a page that knows which route answered shows its message directly (`accountAnswers.resetRequested`).
 */
export const accountAnswers = defineMessages({
  verificationSent: {
    id: 'account.answer.verificationSent',
    defaultMessage: 'We sent a confirmation link to your email. It works for 24 hours.',
  },
  emailVerified: { id: 'account.answer.emailVerified', defaultMessage: 'Your email is confirmed. Thank you!' },
  emailAlreadyVerified: {
    id: 'account.answer.emailAlreadyVerified',
    defaultMessage: 'Your email is already confirmed.',
  },
  emailNotVerified: {
    id: 'account.answer.emailNotVerified',
    defaultMessage:
      'Please confirm your email: we sent you a link. Until then you cannot start a free trial or link Google.',
  },
  resetRequested: {
    id: 'account.answer.resetRequested',
    defaultMessage:
      'If an account exists for that email, we sent it a link to reset the password. It works for 30 minutes.',
  },
  passwordReset: {
    id: 'account.answer.passwordReset',
    defaultMessage: 'Your password was changed. Log in with the new one.',
  },
  emailChangeLinkSent: {
    id: 'account.answer.emailChangeLinkSent',
    defaultMessage:
      'We sent a link to your current email address. Open it to confirm the change. It works for 24 hours.',
  },
  setPasswordLinkSent: {
    id: 'account.answer.setPasswordLinkSent',
    defaultMessage:
      'We sent a link to your current email address. Open it to choose your password. It works for 30 minutes.',
  },
  nothingToUpdate: { id: 'account.answer.nothingToUpdate', defaultMessage: 'Nothing to update.' },
  profileUpdated: { id: 'account.answer.profileUpdated', defaultMessage: 'Your account was updated.' },
  emailChangePending: {
    id: 'account.answer.emailChangePending',
    defaultMessage: 'Your email was changed. We sent a confirmation link to the new address.',
  },
  passwordChanged: {
    id: 'account.answer.passwordChanged',
    defaultMessage: 'Your password was changed. Every other session was logged out.',
  },
  otherSessionsRevoked: {
    id: 'account.answer.otherSessionsRevoked',
    defaultMessage: 'Logged out on every other device.',
  },
  accountDeleted: { id: 'account.answer.accountDeleted', defaultMessage: 'Your account was deleted.' },
});

type AnswerKey = keyof typeof accountAnswers;

/**
 * The answer of a route with several outcomes and no code for them (`PATCH /api/me`: saved, nothing
 * to update, a link sent, the email pending; a resent confirmation: sent or already confirmed), told
 * apart by the contracts' constant it is. Anything else as it came.
 */
export function accountAnswerText(intl: IntlShape, message: string): string {
  const key = (Object.keys(accountAnswers) as AnswerKey[]).find((k) => AccountMessages[k] === message);
  return key ? intl.formatMessage(accountAnswers[key]) : message;
}
