import { AuthMessages, Messages, type LoginBody, type RegisterBody, type UserDto } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, unprocessable } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { toUserDto } from './auth.mapper.js';
import { isCommonPassword } from './common-passwords.js';
import { GoogleVerificationError, verifyGoogleAccessToken, type GoogleVerifierConfig } from './google-verifier.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.js';
import { deleteSession, insertSession } from './session.repo.js';
import { hashSessionToken, newSessionToken } from './session-token.js';
import * as users from './users.repo.js';

export const SESSION_DAYS = 7;

export interface AuthContext {
  db: DbOrTx;
  /** Failed logins per email. */
  loginFailures: RateLimiter;
  /** Failed logins per IP (a higher limit: many people can share one address). */
  loginFailuresByIp: RateLimiter;
  /** Registrations per IP. */
  registrations: RateLimiter;
  google: GoogleVerifierConfig;
}

export interface Session {
  user: UserDto;
  token: string;
  expiresAt: Date;
}

function tooMany(seconds: number): AppError {
  return new AppError(429, Messages.tooManyRequests, undefined, { 'Retry-After': String(seconds) });
}

export async function loadUserDto(db: DbOrTx, user: users.UserRow): Promise<UserDto> {
  const [artistId, subscriptions] = await Promise.all([
    users.findArtistIdOfUser(db, user.id),
    users.findCurrentSubscriptions(db, user.id, new Date()),
  ]);
  return toUserDto(user, artistId, subscriptions);
}

async function startSession(db: DbOrTx, user: users.UserRow): Promise<Session> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await insertSession(db, user.id, hashSessionToken(token), expiresAt);
  return { user: await loadUserDto(db, user), token, expiresAt };
}

export async function register(ctx: AuthContext, body: RegisterBody, ip: string): Promise<Session> {
  const wait = ctx.registrations.blockedFor(`register:${ip}`);
  if (wait > 0) throw tooMany(wait);
  ctx.registrations.hit(`register:${ip}`);
  if (isCommonPassword(body.password)) {
    throw unprocessable(AuthMessages.passwordCommon, { password: [AuthMessages.passwordCommon] });
  }
  if (await users.findUserByEmail(ctx.db, body.email)) {
    throw unprocessable(AuthMessages.emailTaken, { email: [AuthMessages.emailTaken] });
  }
  const passwordHash = await hashPassword(body.password);
  // The unique index on lower(email) settles a race between two sign-ups with one address.
  const user = await users.insertUser(ctx.db, { name: body.name, email: body.email, passwordHash });
  if (!user) throw unprocessable(AuthMessages.emailTaken, { email: [AuthMessages.emailTaken] });
  return startSession(ctx.db, user);
}

/**
 * Same answer and about the same time whether the email is unknown or the password wrong:
 * an unknown email is checked against a dummy hash.
 */
export async function login(ctx: AuthContext, body: LoginBody, ip: string): Promise<Session> {
  const emailKey = `login-email:${body.email.toLowerCase()}`;
  const ipKey = `login-ip:${ip}`;
  const wait = Math.max(ctx.loginFailures.blockedFor(emailKey), ctx.loginFailuresByIp.blockedFor(ipKey));
  if (wait > 0) throw tooMany(wait);
  const user = await users.findUserByEmail(ctx.db, body.email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, body.password)
    : (await verifyPassword(await dummyPasswordHash(), body.password)) && false;
  if (!user || !ok) {
    ctx.loginFailures.hit(emailKey);
    ctx.loginFailuresByIp.hit(ipKey);
    throw new AppError(401, Messages.invalidCredentials);
  }
  ctx.loginFailures.reset(emailKey);
  return startSession(ctx.db, user);
}

export async function logout(db: DbOrTx, token: string | null): Promise<void> {
  if (token) await deleteSession(db, hashSessionToken(token));
}

/** Google sign-in: links to the account with that email, or creates one (no password). */
export async function loginWithGoogle(ctx: AuthContext, accessToken: string): Promise<Session> {
  let identity;
  try {
    identity = await verifyGoogleAccessToken(ctx.google, accessToken);
  } catch (error) {
    if (
      error instanceof GoogleVerificationError ||
      error instanceof TypeError ||
      (error as Error)?.name === 'TimeoutError'
    ) {
      throw new AppError(401, Messages.googleLoginFailed);
    }
    throw error;
  }
  const bySub = await users.findUserByGoogleSub(ctx.db, identity.sub);
  if (bySub) return startSession(ctx.db, bySub);
  const byEmail = await users.findUserByEmail(ctx.db, identity.email);
  if (byEmail) {
    if (byEmail.googleSub && byEmail.googleSub !== identity.sub) throw new AppError(401, Messages.googleLoginFailed);
    await users.setGoogleSub(ctx.db, byEmail.id, identity.sub);
    return startSession(ctx.db, { ...byEmail, googleSub: identity.sub });
  }
  const created =
    (await users.insertUser(ctx.db, {
      name: identity.name,
      email: identity.email,
      passwordHash: null,
      googleSub: identity.sub,
    })) ?? (await users.findUserByEmail(ctx.db, identity.email));
  if (!created) throw new AppError(401, Messages.googleLoginFailed);
  return startSession(ctx.db, created);
}
