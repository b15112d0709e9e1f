/** The texts of accounts by email (issue 17), without zod: the web's main bundle imports them. */
export const AccountMessages = {
  verificationSent: 'We sent a confirmation link to your email. It works for 24 hours.',
  emailVerified: 'Your email is confirmed. Thank you!',
  emailAlreadyVerified: 'Your email is already confirmed.',
  emailNotVerified:
    'Please confirm your email: we sent you a link. Until then you cannot start a free trial or link Google.',
  verifyLinkInvalid: 'This confirmation link is invalid, used or expired. Ask for a new one from your profile.',
  resetRequested:
    'If an account exists for that email, we sent it a link to reset the password. It works for 30 minutes.',
  resetLinkInvalid: 'This reset link is invalid, used or expired. Ask for a new one.',
  passwordReset: 'Your password was changed. Log in with the new one.',
  tokenRequired: 'The token field is required.',
  currentPasswordRequired: 'Enter your current password to change your email or password.',
  currentPasswordWrong: 'The current password is incorrect.',
  proofRequired:
    'Your account has no password. Confirm with Google, or ask for a link to your current email address, to change your email or set a password.',
  googleProofWrong: 'That Google account is not the one linked to this account.',
  emailChangeLinkSent:
    'We sent a link to your current email address. Open it to confirm the change. It works for 24 hours.',
  setPasswordLinkSent:
    'We sent a link to your current email address. Open it to choose your password. It works for 30 minutes.',
  emailChangeLinkInvalid: 'This link is invalid, used or expired. Ask for a new one from your profile.',
  passwordWrong: 'The password is incorrect.',
  nothingToUpdate: 'Nothing to update.',
  profileUpdated: 'Your account was updated.',
  emailChangePending: 'Your email was changed. We sent a confirmation link to the new address.',
  passwordChanged: 'Your password was changed. Every other session was logged out.',
  otherSessionsRevoked: 'Logged out on every other device.',
  accountDeleted: 'Your account was deleted.',
  confirmEmailRequired: 'Type your email address to confirm.',
  googleNeedsVerifiedEmail: 'Confirm your email before linking Google.',
  cancelSubscriptionFirst: 'Cancel your subscription before deleting your account.',
  noTrialEmailNotVerified:
    'No free trial this time: confirm your email first to get one. Your first payment was charged today.',
} as const;
