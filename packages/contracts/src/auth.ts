import { z } from './zod.js';
import { ServerErrors } from './error-codes.js';

/** Account shapes and validation of spec sections 5, 7 and 8 (accounts issue). */

export const AuthLimits = {
  passwordMin: 8,
  passwordMax: 200,
  nameMax: 100,
  emailMax: 254,
} as const;

export const AuthMessages = {
  nameRequired: ServerErrors.name_required,
  nameTooLong: `The name may not be greater than ${AuthLimits.nameMax} characters.`,
  emailRequired: ServerErrors.email_required,
  emailInvalid: ServerErrors.email_invalid,
  emailTaken: ServerErrors.email_taken,
  passwordRequired: ServerErrors.password_required,
  passwordTooShort: `The password must be at least ${AuthLimits.passwordMin} characters.`,
  passwordTooLong: `The password may not be greater than ${AuthLimits.passwordMax} characters.`,
  passwordBlank: ServerErrors.password_only_spaces,
  passwordCommon: ServerErrors.password_common,
  passwordConfirmationRequired: ServerErrors.password_confirmation_required,
  passwordConfirmationMismatch: ServerErrors.password_confirmation_mismatch,
  accessTokenRequired: ServerErrors.access_token_required,
  loggedOut: 'Logged out.',
} as const;

const requiredString = (required: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Must be a string.') });

/** A required, trimmed, valid email address (sign-up, quote requests…). */
export const EmailField = z.pipe(
  requiredString(AuthMessages.emailRequired)
    .check(z.trim())
    .check(z.minLength(1, AuthMessages.emailRequired))
    .check(z.maxLength(AuthLimits.emailMax, AuthMessages.emailInvalid)),
  z.email(AuthMessages.emailInvalid),
);

export const RegisterBody = z
  .object({
    name: requiredString(AuthMessages.nameRequired)
      .check(z.trim())
      .check(z.minLength(1, AuthMessages.nameRequired))
      .check(z.maxLength(AuthLimits.nameMax, AuthMessages.nameTooLong)),
    email: EmailField,
    password: requiredString(AuthMessages.passwordRequired)
      .check(z.minLength(1, AuthMessages.passwordRequired))
      .check(z.minLength(AuthLimits.passwordMin, AuthMessages.passwordTooShort))
      .check(z.maxLength(AuthLimits.passwordMax, AuthMessages.passwordTooLong))
      .check(z.refine((p) => p.trim().length > 0, AuthMessages.passwordBlank)),
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
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  email: requiredString(AuthMessages.emailRequired)
    .check(z.trim())
    .check(z.minLength(1, AuthMessages.emailRequired))
    .check(z.maxLength(AuthLimits.emailMax)),
  password: requiredString(AuthMessages.passwordRequired)
    .check(z.minLength(1, AuthMessages.passwordRequired))
    .check(z.maxLength(AuthLimits.passwordMax)),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const SocialCallbackBody = z.object({
  access_token: requiredString(AuthMessages.accessTokenRequired)
    .check(z.minLength(1, AuthMessages.accessTokenRequired))
    .check(z.maxLength(4096)),
});
/** `POST /api/me/google`: link the logged-in account to the Google account of this access token. */
export const GoogleLinkBody = z.object({
  access_token: requiredString(AuthMessages.accessTokenRequired)
    .check(z.minLength(1, AuthMessages.accessTokenRequired))
    .check(z.maxLength(4096)),
});
export type GoogleLinkBody = z.infer<typeof GoogleLinkBody>;
export const SocialProviderParam = z.object({ provider: z.enum(['google']) });

export const UserType = z.enum(['user', 'artist', 'admin']);
export type UserType = z.infer<typeof UserType>;

export const UserSubscriptionDto = z.object({
  id: z.number().check(z.int()),
  status: z.string(),
  /** The price the user subscribed to (spec: subscriptions[].stripe_price). */
  stripe_price: z.string(),
  plan: z.object({ id: z.number().check(z.int()), name: z.string() }),
  unit_amount: z.number().check(z.int()),
  interval: z.string(),
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
  trial_end: z.nullable(z.string()),
});
export type UserSubscriptionDto = z.infer<typeof UserSubscriptionDto>;

export const UserDto = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  type: UserType,
  /** The artist record of an artist account. */
  artist_id: z.nullable(z.number().check(z.int())),
  /** The account confirmed its email (sign-up link, Google, or a demo account). */
  email_verified: z.boolean(),
  subscriptions: z.array(UserSubscriptionDto),
  created_at: z.string(),
});
export type UserDto = z.infer<typeof UserDto>;

export const AuthResponse = z.object({ data: z.object({ user: UserDto, token: z.string() }) });
export type AuthResponse = z.infer<typeof AuthResponse>;
export const SocialAuthResponse = z.object({ token: z.string(), user: UserDto });
/** GET /api/me: §7 answers "the user" — its fields at the top — and, as before, `data.user`. */
export const MeResponse = z.extend(UserDto, { data: z.object({ user: UserDto }) });
export type MeResponse = z.infer<typeof MeResponse>;
export const MessageResponse = z.object({ message: z.string() });

/** Which social sign-ins the server has configured (the login page shows only those). */
export const AuthProvidersResponse = z.object({ google: z.nullable(z.object({ client_id: z.string() })) });
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>;
