import { type LoginBody, type RegisterBody, type UserDto } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, fieldError } from '../../lib/errors.js';
import type { LoginThrottle } from '../../lib/rate-limit.js';
import { toUserDto } from './auth.mapper.js';
import { isCommonPassword } from './common-passwords.js';
import {
  GoogleVerificationError,
  verifyGoogleAccessToken,
  type GoogleIdentity,
  type GoogleVerifierConfig,
} from './google-verifier.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.js';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOfUser,
  insertSession,
  trimSessionsOfUser,
} from './session.repo.js';
import { hashSessionToken, newSessionToken } from './session-token.js';
import * as users from './users.repo.js';

export const SESSION_DAYS = 7;
/** Live sessions per user: a new login revokes the oldest beyond this (stolen or forgotten devices age out). */
export const MAX_SESSIONS_PER_USER = 20;

export interface AuthContext {
  db: DbOrTx;
  /** Failed logins per (email, IP), per IP and per email: a slot is reserved before the password is checked. */
  loginThrottle: LoginThrottle;
  google: GoogleVerifierConfig;
}

export interface Session {
  user: UserDto;
  token: string;
  expiresAt: Date;
}

export async function loadUserDto(db: DbOrTx, user: users.UserRow): Promise<UserDto> {
  const [artistId, subscriptions] = await Promise.all([
    users.findArtistIdOfUser(db, user.id),
    users.findCurrentSubscriptions(db, user.id, new Date()),
  ]);
  return toUserDto(user, artistId, subscriptions);
}

/** What the request tells about the device (kept for the sessions list). */
export interface ClientInfo {
  userAgent?: string | undefined;
}

/** Every way in (password, Google, sign-up) starts here: a disabled account is refused with a clear 403. */
async function startSession(db: DbOrTx, user: users.UserRow, client: ClientInfo = {}): Promise<Session> {
  if (user.disabledAt) throw new AppError(403, 'account_disabled');
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await insertSession(db, user.id, hashSessionToken(token), expiresAt, client.userAgent ?? null);
  await trimSessionsOfUser(db, user.id, MAX_SESSIONS_PER_USER);
  return { user: await loadUserDto(db, user), token, expiresAt };
}

/** Sign-ups per IP are limited by the route (`@fastify/rate-limit`). */
export async function register(
  ctx: AuthContext,
  body: RegisterBody,
  client: ClientInfo = {},
): Promise<Session & { row: users.UserRow }> {
  if (isCommonPassword(body.password)) {
    throw fieldError('password_common', 'password');
  }
  if (await users.findUserByEmail(ctx.db, body.email)) {
    throw fieldError('email_taken', 'email');
  }
  const passwordHash = await hashPassword(body.password);
  // The unique index on lower(email) settles a race between two sign-ups with one address.
  const user = await users.insertUser(ctx.db, { name: body.name, email: body.email, passwordHash });
  if (!user) throw fieldError('email_taken', 'email');
  return { ...(await startSession(ctx.db, user, client)), row: user };
}

/**
 * Same answer and about the same time whether the email is unknown or the password wrong:
 * an unknown email is checked against a dummy hash. The throttle slot is taken before the check
 * (count, then check), so parallel guesses cannot slip past the limit.
 */
export async function login(ctx: AuthContext, body: LoginBody, ip: string, client: ClientInfo = {}): Promise<Session> {
  const reservation = await ctx.loginThrottle.reserve(body.email, ip);
  const user = await users.findUserByEmail(ctx.db, body.email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, body.password)
    : (await verifyPassword(await dummyPasswordHash(), body.password)) && false;
  // A failure keeps its slot for the rest of the window.
  if (!user || !ok) throw new AppError(401, 'invalid_credentials');
  await reservation.succeeded();
  return startSession(ctx.db, user, client);
}

export async function logout(db: DbOrTx, token: string | null): Promise<void> {
  if (token) await deleteSession(db, hashSessionToken(token));
}

async function verifiedGoogleIdentity(ctx: Pick<AuthContext, 'google'>, accessToken: string): Promise<GoogleIdentity> {
  try {
    return await verifyGoogleAccessToken(ctx.google, accessToken);
  } catch (error) {
    if (
      error instanceof GoogleVerificationError ||
      error instanceof TypeError ||
      (error as Error)?.name === 'TimeoutError'
    ) {
      throw new AppError(401, 'google_login_failed');
    }
    throw error;
  }
}

/**
 * Whether `accessToken` proves the account's own Google identity now: Google says the token is
 * valid for our client at this moment and its subject is the one linked to the account. An account
 * without a password proves itself this way to change its email or set a password (issue #31).
 */
export async function provesGoogleSubject(
  google: GoogleVerifierConfig,
  user: users.UserRow,
  accessToken: string,
): Promise<boolean> {
  if (!user.googleSub) return false;
  try {
    return (await verifiedGoogleIdentity({ google }, accessToken)).sub === user.googleSub;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return false;
    throw error;
  }
}

/**
 * Google sign-in: the account already linked to this Google identity; else a new account (no
 * password) when Google verified the email. An existing account with that email is linked only when
 * both sides verified the address — Google's say-so and the account's own `email_verified_at` —
 * otherwise 409: whoever registered the address first logs in with the password and links Google
 * from the profile (`linkGoogle`). This stops a Google identity taking over an account.
 */
export async function loginWithGoogle(
  ctx: AuthContext,
  accessToken: string,
  client: ClientInfo = {},
): Promise<Session> {
  const identity = await verifiedGoogleIdentity(ctx, accessToken);
  const bySub = await users.findUserByGoogleSub(ctx.db, identity.sub);
  if (bySub) return startSession(ctx.db, bySub, client);
  // Not linked yet: only an address Google verified may create or link an account.
  if (!identity.emailVerified) throw new AppError(401, 'google_login_failed');
  const byEmail = await users.findUserByEmail(ctx.db, identity.email);
  if (byEmail) {
    if (byEmail.googleSub && byEmail.googleSub !== identity.sub) throw new AppError(401, 'google_login_failed');
    if (!byEmail.emailVerifiedAt) throw new AppError(409, 'google_link_needs_password');
    const linked = await users.linkGoogleSub(ctx.db, byEmail.id, identity.sub, false);
    if (!linked) throw new AppError(401, 'google_login_failed');
    return startSession(ctx.db, linked, client);
  }
  const created = await users.insertUser(ctx.db, {
    name: identity.name,
    email: identity.email,
    passwordHash: null,
    googleSub: identity.sub,
    emailVerifiedAt: new Date(),
  });
  // A sign-up with this address raced us: it is theirs, not linked.
  if (!created) throw new AppError(409, 'google_link_needs_password');
  return startSession(ctx.db, created, client);
}

/**
 * `POST /api/me/google`: the logged-in user links the Google identity of the access token (the
 * session proves the account, the token proves the Google account). When Google verified the same
 * email as the account's, the account's email counts as verified too. An account whose email is not
 * verified (and not the Google one) is refused: 403.
 */
export async function linkGoogle(ctx: AuthContext, user: users.UserRow, accessToken: string): Promise<UserDto> {
  const identity = await verifiedGoogleIdentity(ctx, accessToken);
  const owner = await users.findUserByGoogleSub(ctx.db, identity.sub);
  if (owner && owner.id !== user.id) throw new AppError(409, 'google_linked_elsewhere');
  if (user.googleSub && user.googleSub !== identity.sub) throw new AppError(409, 'google_other_account_linked');
  const sameEmail = identity.emailVerified && identity.email.toLowerCase() === user.email.toLowerCase();
  // Verified email is what safe linking rests on (issue 17): the account's own, or Google's for the same address.
  if (!user.emailVerifiedAt && !sameEmail) throw new AppError(403, 'google_needs_verified_email');
  const linked = await users.linkGoogleSub(ctx.db, user.id, identity.sub, sameEmail);
  if (!linked) throw new AppError(409, 'google_linked_elsewhere');
  return loadUserDto(ctx.db, linked);
}

export interface SessionJanitor {
  /** Deletes the sessions expired by the injected clock; returns how many. */
  runOnce(): Promise<number>;
}

/**
 * Deletes expired sessions by the injected clock: run at start and by the hourly `session-janitor`
 * job (Queues.sessionJanitor), once per hour across every process.
 */
export function sessionJanitor(db: DbOrTx, options: { now?: () => number } = {}): SessionJanitor {
  const now = options.now ?? Date.now;
  return { runOnce: () => deleteExpiredSessions(db, new Date(now())) };
}

/** The account's role (the operator console, the admin CLI); live sessions read it on their next request. */
export const setUserRole = (db: DbOrTx, userId: number, type: users.UserRow['type']): Promise<void> =>
  users.setUserType(db, userId, type);

/** Disables the account (login refused) or enables it again (null); the operator console. */
export const setUserDisabled = (db: DbOrTx, userId: number, disabledAt: Date | null): Promise<void> =>
  users.setUserDisabled(db, userId, disabledAt);

/** Ends every session of the account (a disabled account); answers how many ended. */
export const endSessionsOfUser = (db: DbOrTx, userId: number): Promise<number> =>
  deleteSessionsOfUser(db, userId, null);

/** A user by id (other modules ask here, not the users repo). */
export const findUser = (db: DbOrTx, id: number): Promise<users.UserRow | undefined> => users.findUserById(db, id);

// What other modules and the auth plugin use of this module's data (never its repos directly).
export type { UserRow } from './users.repo.js';
export { findSessionUser, touchSession, type SessionUser } from './session.repo.js';
