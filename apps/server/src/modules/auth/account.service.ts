import {
  AccountMessages,
  AuthMessages,
  type AccountExport,
  type DeleteMeBody,
  type ResetPasswordBody,
  type SessionDto,
  type UpdateMeBody,
  type UserDto,
} from '@tarab/contracts';
import type { AppDb } from '../../db/client.js';
import { conflict, unprocessable } from '../../lib/errors.js';
import type { CounterStore } from '../../lib/rate-limit.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import * as templates from '../../mail/templates.js';
import * as accounts from './account.repo.js';
import * as catalog from '../catalog/catalog.service.js';
import { deleteLibraryOfUser } from '../library/library.service.js';
import { loadUserDto } from './auth.service.js';
import { isCommonPassword } from './common-passwords.js';
import { describeDevice } from './device.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.js';
import { deleteSessionsOfUser, listSessionsOfUser } from './session.repo.js';
import { hashSessionToken, newSessionToken } from './session-token.js';
import * as users from './users.repo.js';

export const VERIFY_EMAIL_HOURS = 24;
export const RESET_PASSWORD_MINUTES = 30;
/** Reset mails per address per hour: beyond it the answer is the same, but no mail goes out. */
export const RESET_MAILS_PER_EMAIL_PER_HOUR = 3;

export interface AccountContext {
  db: AppDb;
  mailer: Mailer;
  links: templates.MailLinks;
  counters: CounterStore;
  now: () => number;
  /** A failed send is logged, never shown to the caller (the answer must not depend on the mail server). */
  onMailError: (error: unknown) => void;
}

/** Sends in the background: the answer's timing does not depend on the mail server. */
function deliver(ctx: AccountContext, message: MailMessage): void {
  ctx.mailer.send(message).catch(ctx.onMailError);
}

async function issueToken(
  ctx: AccountContext,
  user: users.UserRow,
  purpose: accounts.TokenPurpose,
  email: string,
  ttlMs: number,
): Promise<string> {
  const token = newSessionToken();
  await accounts.insertAccountToken(ctx.db, {
    userId: user.id,
    purpose,
    tokenHash: hashSessionToken(token),
    email,
    expiresAt: new Date(ctx.now() + ttlMs),
  });
  return token;
}

/** Sends a confirmation link for the account's current email (sign-up, resend, email change). */
export async function sendVerification(ctx: AccountContext, user: users.UserRow): Promise<void> {
  const token = await issueToken(ctx, user, 'verify_email', user.email, VERIFY_EMAIL_HOURS * 3600_000);
  deliver(ctx, templates.verifyEmailMessage(ctx.links, user.email, user.name, token));
}

export async function resendVerification(ctx: AccountContext, user: users.UserRow): Promise<string> {
  if (user.emailVerifiedAt) return AccountMessages.emailAlreadyVerified;
  await sendVerification(ctx, user);
  return AccountMessages.verificationSent;
}

export async function verifyEmail(ctx: AccountContext, token: string): Promise<void> {
  const invalid = () =>
    unprocessable(AccountMessages.verifyLinkInvalid, { token: [AccountMessages.verifyLinkInvalid] });
  const now = new Date(ctx.now());
  const row = await accounts.consumeAccountToken(ctx.db, 'verify_email', hashSessionToken(token), now);
  if (!row) throw invalid();
  // The account changed its email since the link was sent: the link no longer proves anything.
  if (!(await accounts.markEmailVerified(ctx.db, row.userId, row.email, now))) throw invalid();
}

/**
 * Same answer whether or not the address has an account; the mail goes out in the background and
 * at most RESET_MAILS_PER_EMAIL_PER_HOUR times per address (the route limits callers per IP).
 */
export async function forgotPassword(ctx: AccountContext, email: string): Promise<void> {
  const user = await users.findUserByEmail(ctx.db, email);
  const sent = await ctx.counters.incr(`reset-mail:${email.toLowerCase()}`, 3600_000);
  if (!user || user.deletedAt || sent.count > RESET_MAILS_PER_EMAIL_PER_HOUR) return;
  const token = await issueToken(ctx, user, 'reset_password', user.email, RESET_PASSWORD_MINUTES * 60_000);
  deliver(ctx, templates.passwordResetMessage(ctx.links, user.email, user.name, token));
}

/** A new password from a reset link: every session ends, the address counts as verified, a notice follows. */
export async function resetPassword(ctx: AccountContext, body: ResetPasswordBody): Promise<void> {
  if (isCommonPassword(body.password)) {
    throw unprocessable(AuthMessages.passwordCommon, { password: [AuthMessages.passwordCommon] });
  }
  const passwordHash = await hashPassword(body.password);
  const now = new Date(ctx.now());
  const user = await ctx.db.transaction(async (tx) => {
    const row = await accounts.consumeAccountToken(tx, 'reset_password', hashSessionToken(body.token), now);
    if (!row) return undefined;
    const current = await users.findUserById(tx, row.userId);
    if (!current || current.deletedAt || current.email.toLowerCase() !== row.email.toLowerCase()) return undefined;
    await deleteSessionsOfUser(tx, current.id, null);
    return accounts.updateUser(tx, current.id, { passwordHash, emailVerifiedAt: current.emailVerifiedAt ?? now });
  });
  if (!user) throw unprocessable(AccountMessages.resetLinkInvalid, { token: [AccountMessages.resetLinkInvalid] });
  deliver(ctx, templates.passwordChangedMessage(ctx.links, user.email, user.name));
}

async function checkCurrentPassword(user: users.UserRow, current: string | undefined, field: string): Promise<void> {
  if (!user.passwordHash) return;
  if (!current)
    throw unprocessable(AccountMessages.currentPasswordRequired, {
      [field]: [AccountMessages.currentPasswordRequired],
    });
  if (!(await verifyPassword(user.passwordHash, current))) {
    throw unprocessable(AccountMessages.currentPasswordWrong, { [field]: [AccountMessages.currentPasswordWrong] });
  }
}

/**
 * `PATCH /api/me`. A new email is unverified until its link is used (a notice goes to the old
 * address); a new password ends every other session (a notice follows). Both need the current password.
 */
export async function updateMe(
  ctx: AccountContext,
  user: users.UserRow,
  sessionToken: string | null,
  body: UpdateMeBody,
): Promise<{ user: UserDto; message: string }> {
  const newEmail =
    body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase() ? body.email : undefined;
  const newName = body.name !== undefined && body.name !== user.name ? body.name : undefined;
  const emailCaseOnly = body.email !== undefined && !newEmail && body.email !== user.email ? body.email : undefined;
  if (newEmail === undefined && body.password === undefined && newName === undefined && emailCaseOnly === undefined) {
    return { user: await loadUserDto(ctx.db, user), message: AccountMessages.nothingToUpdate };
  }
  if (newEmail !== undefined || body.password !== undefined) {
    await checkCurrentPassword(user, body.current_password, 'current_password');
  }
  if (body.password !== undefined && isCommonPassword(body.password)) {
    throw unprocessable(AuthMessages.passwordCommon, { password: [AuthMessages.passwordCommon] });
  }
  if (newEmail !== undefined && (await users.findUserByEmail(ctx.db, newEmail))) {
    throw unprocessable(AuthMessages.emailTaken, { email: [AuthMessages.emailTaken] });
  }
  const passwordHash = body.password !== undefined ? await hashPassword(body.password) : undefined;
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await accounts.updateUser(tx, user.id, {
      ...(newName !== undefined ? { name: newName } : {}),
      ...(newEmail !== undefined ? { email: newEmail, emailVerifiedAt: null } : {}),
      ...(emailCaseOnly !== undefined ? { email: emailCaseOnly } : {}),
      ...(passwordHash !== undefined ? { passwordHash } : {}),
    });
    if (row && passwordHash !== undefined) {
      await deleteSessionsOfUser(tx, user.id, sessionToken ? hashSessionToken(sessionToken) : null);
    }
    return row;
  });
  if (!updated) throw unprocessable(AuthMessages.emailTaken, { email: [AuthMessages.emailTaken] });
  let message: string = AccountMessages.profileUpdated;
  if (passwordHash !== undefined) {
    deliver(ctx, templates.passwordChangedMessage(ctx.links, updated.email, updated.name));
    message = AccountMessages.passwordChanged;
  }
  if (newEmail !== undefined) {
    deliver(ctx, templates.emailChangedNoticeMessage(ctx.links, user.email, user.name, newEmail));
    await sendVerification(ctx, updated);
    message = AccountMessages.emailChangePending;
  }
  return { user: await loadUserDto(ctx.db, updated), message };
}

export async function listSessions(
  ctx: AccountContext,
  user: users.UserRow,
  sessionToken: string | null,
): Promise<SessionDto[]> {
  const currentHash = sessionToken ? hashSessionToken(sessionToken) : null;
  const rows = await listSessionsOfUser(ctx.db, user.id, new Date(ctx.now()));
  return rows.map((s) => ({
    id: s.id,
    device: describeDevice(s.userAgent),
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    current: s.tokenHash === currentHash,
  }));
}

export async function revokeOtherSessions(
  ctx: AccountContext,
  user: users.UserRow,
  sessionToken: string | null,
): Promise<number> {
  return deleteSessionsOfUser(ctx.db, user.id, sessionToken ? hashSessionToken(sessionToken) : null);
}

export async function exportAccount(ctx: AccountContext, user: users.UserRow): Promise<AccountExport> {
  const rows = await accounts.exportRows(ctx.db, user.id);
  return {
    exported_at: new Date(ctx.now()).toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified: user.emailVerifiedAt !== null,
      phone: user.phone,
      type: user.type,
      google_linked: user.googleSub !== null,
      created_at: user.createdAt.toISOString(),
    },
    ...rows,
  };
}

/**
 * `DELETE /api/me`: the password confirms it (an account without one types its email). A live
 * subscription must be cancelled first (the payment provider would go on charging). Personal data is
 * erased or anonymised; orders and licences stay (see account.repo `anonymiseUser`).
 */
export async function deleteAccount(ctx: AccountContext, user: users.UserRow, body: DeleteMeBody): Promise<void> {
  if (user.passwordHash) {
    if (!body.password)
      throw unprocessable(AuthMessages.passwordRequired, { password: [AuthMessages.passwordRequired] });
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      throw unprocessable(AccountMessages.passwordWrong, { password: [AccountMessages.passwordWrong] });
    }
  } else {
    await verifyPassword(await dummyPasswordHash(), body.password ?? '');
    if (body.confirm_email?.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw unprocessable(AccountMessages.confirmEmailRequired, {
        confirm_email: [AccountMessages.confirmEmailRequired],
      });
    }
  }
  if (await accounts.hasLiveSubscription(ctx.db, user.id)) throw conflict(AccountMessages.cancelSubscriptionFirst);
  await ctx.db.transaction(async (tx) => {
    await deleteLibraryOfUser(tx, user.id);
    await catalog.detachArtistOfUser(tx, user.id);
    await accounts.anonymiseUser(tx, user.id, new Date(ctx.now()));
  });
  deliver(ctx, templates.accountDeletedMessage(ctx.links, user.email, user.name));
}

/**
 * `npm run user:artist -- <email> <artistId>`: the account with this email becomes the artist account of
 * that artist record, in one transaction; answers why not, or null when done.
 */
export async function makeArtist(db: AppDb, email: string, artistId: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const user = await users.findUserByEmail(tx, email);
    if (!user) return `No user with email ${email}.`;
    const artist = await catalog.findArtistAccount(tx, artistId);
    if (!artist) return `No artist with id ${artistId}.`;
    // An account is the account of one artist at most.
    if (artist.userId !== null && artist.userId !== user.id)
      return `Artist ${artistId} is already linked to another account.`;
    await users.setUserType(tx, user.id, 'artist');
    await catalog.linkArtistToUser(tx, artistId, user.id);
    return null;
  });
}
