import { ServerErrors } from './error-codes.js';
/** The texts of accounts by email (issue 17), without zod: the web's main bundle imports them. */
export const AccountMessages = {
  verificationSent: 'We sent a confirmation link to your email. It works for 24 hours.',
  emailVerified: 'Your email is confirmed. Thank you!',
  emailAlreadyVerified: 'Your email is already confirmed.',
  emailNotVerified:
    'Please confirm your email: we sent you a link. Until then you cannot start a free trial or link Google.',
  verifyLinkInvalid: ServerErrors.verify_link_invalid,
  resetRequested:
    'If an account exists for that email, we sent it a link to reset the password. It works for 30 minutes.',
  resetLinkInvalid: ServerErrors.reset_link_invalid,
  passwordReset: 'Your password was changed. Log in with the new one.',
  tokenRequired: ServerErrors.token_required,
  currentPasswordRequired: ServerErrors.current_password_required,
  currentPasswordWrong: ServerErrors.current_password_wrong,
  proofRequired: ServerErrors.proof_required,
  googleProofWrong: ServerErrors.google_proof_wrong,
  emailChangeLinkSent:
    'We sent a link to your current email address. Open it to confirm the change. It works for 24 hours.',
  setPasswordLinkSent:
    'We sent a link to your current email address. Open it to choose your password. It works for 30 minutes.',
  emailChangeLinkInvalid: ServerErrors.email_change_link_invalid,
  passwordWrong: ServerErrors.password_wrong,
  nothingToUpdate: 'Nothing to update.',
  profileUpdated: 'Your account was updated.',
  emailChangePending: 'Your email was changed. We sent a confirmation link to the new address.',
  passwordChanged: 'Your password was changed. Every other session was logged out.',
  otherSessionsRevoked: 'Logged out on every other device.',
  accountDeleted: 'Your account was deleted.',
  confirmEmailRequired: ServerErrors.confirm_email_required,
  googleNeedsVerifiedEmail: ServerErrors.google_needs_verified_email,
  cancelSubscriptionFirst: ServerErrors.cancel_subscription_first,
  noTrialEmailNotVerified:
    'No free trial this time: confirm your email first to get one. Your first payment was charged today.',
} as const;
