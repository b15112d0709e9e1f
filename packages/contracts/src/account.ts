import { z } from './zod.js';
import { AccountMessages } from './account-messages.js';
import { AuthLimits, AuthMessages, UserDto } from './auth.js';

/**
 * Accounts by email (issue 17): verify an address, reset a forgotten password, account settings,
 * sessions, export and deletion. Beside the spec's calls; every path is in the OpenAPI document.
 */

export { AccountMessages } from './account-messages.js';

const requiredString = (required: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Must be a string.') });

const tokenField = requiredString(AccountMessages.tokenRequired)
  .check(z.minLength(1, AccountMessages.tokenRequired))
  .check(z.maxLength(200));

const emailField = z.pipe(
  requiredString(AuthMessages.emailRequired)
    .check(z.trim())
    .check(z.minLength(1, AuthMessages.emailRequired))
    .check(z.maxLength(AuthLimits.emailMax, AuthMessages.emailInvalid)),
  z.email(AuthMessages.emailInvalid),
);

/** The password rules of sign-up (the server also refuses common passwords). */
const newPasswordField = requiredString(AuthMessages.passwordRequired)
  .check(z.minLength(1, AuthMessages.passwordRequired))
  .check(z.minLength(AuthLimits.passwordMin, AuthMessages.passwordTooShort))
  .check(z.maxLength(AuthLimits.passwordMax, AuthMessages.passwordTooLong))
  .check(z.refine((p) => p.trim().length > 0, AuthMessages.passwordBlank));

/** `POST /api/email/verify`. */
export const VerifyEmailBody = z.object({ token: tokenField });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** `POST /api/password/forgot`. */
export const ForgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** `POST /api/password/reset`. */
export const ResetPasswordBody = z
  .object({
    token: tokenField,
    password: newPasswordField,
    password_confirmation: requiredString(AuthMessages.passwordConfirmationRequired)
      .check(z.minLength(1, AuthMessages.passwordConfirmationRequired))
      .check(z.maxLength(AuthLimits.passwordMax, AuthMessages.passwordConfirmationMismatch)),
  })
  .check(
    z.refine((b) => b.password === b.password_confirmation, {
      path: ['password'],
      message: AuthMessages.passwordConfirmationMismatch,
    }),
  );
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** `POST /api/me/email-change/confirm`: the token of the link mailed to the account's current address. */
export const ConfirmEmailChangeBody = z.object({ token: tokenField });
export type ConfirmEmailChangeBody = z.infer<typeof ConfirmEmailChangeBody>;

/**
 * `PATCH /api/me`: any of name, email, password. A new email or password needs `current_password`.
 * An account without a password (Google only) proves itself instead with `google_access_token` (a
 * fresh token of the Google account linked to it), or asks for a link mailed to its current address:
 * `send_link: 'email_change'` (with `email`, the new address; the link confirms the change) or
 * `'set_password'` (the reset link, where the password is chosen).
 */
export const UpdateMeBody = z
  .object({
    name: z.optional(
      requiredString(AuthMessages.nameRequired)
        .check(z.trim())
        .check(z.minLength(1, AuthMessages.nameRequired))
        .check(z.maxLength(AuthLimits.nameMax, AuthMessages.nameTooLong)),
    ),
    email: z.optional(emailField),
    password: z.optional(newPasswordField),
    password_confirmation: z.optional(z.string().check(z.maxLength(AuthLimits.passwordMax))),
    current_password: z.optional(z.string().check(z.maxLength(AuthLimits.passwordMax))),
    google_access_token: z.optional(
      z.string().check(z.minLength(1, AuthMessages.accessTokenRequired)).check(z.maxLength(4096)),
    ),
    send_link: z.optional(z.enum(['email_change', 'set_password'])),
  })
  .check(
    z.refine((b) => b.password === undefined || b.password === b.password_confirmation, {
      path: ['password'],
      message: AuthMessages.passwordConfirmationMismatch,
    }),
  );
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

/** `DELETE /api/me`: the password; an account without one types its email instead. */
export const DeleteMeBody = z.object({
  password: z.optional(z.string().check(z.maxLength(AuthLimits.passwordMax))),
  confirm_email: z.optional(z.string().check(z.maxLength(AuthLimits.emailMax))),
});
export type DeleteMeBody = z.infer<typeof DeleteMeBody>;

export const SessionDto = z.object({
  id: z.number().check(z.int()),
  /** A short device description from the User-Agent ("Chrome on Linux"), or "Unknown device". */
  device: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof SessionDto>;
export const SessionsResponse = z.object({ data: z.array(SessionDto) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;
export const RevokedSessionsResponse = z.object({ message: z.string(), revoked: z.number().check(z.int()) });

const Row = z.record(z.string(), z.unknown());
/** `GET /api/me/export`: everything the store keeps about the account, as JSON. */
export const AccountExport = z.object({
  exported_at: z.string(),
  profile: z.object({
    id: z.number().check(z.int()),
    name: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    phone: z.nullable(z.string()),
    type: z.string(),
    google_linked: z.boolean(),
    created_at: z.string(),
  }),
  orders: z.array(Row),
  licenses: z.array(Row),
  subscriptions: z.array(Row),
  playlists: z.array(Row),
  favourites: z.array(Row),
  uploads: z.array(Row),
  sessions: z.array(Row),
});
export type AccountExport = z.infer<typeof AccountExport>;

/** `PATCH /api/me`: the user after the change, and what happened. */
export const UpdateMeResponse = z.object({ message: z.string(), data: z.object({ user: UserDto }) });
