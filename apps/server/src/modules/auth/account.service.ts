import {
  AccountMessages,
  type AccountExport,
  type DeleteMeBody,
  type ResetPasswordBody,
  type SessionDto,
  type UpdateMeBody,
  type UserDto,
} from '@tarab/contracts';
import type { AppDb, DbOrTx } from '../../db/client.js';
import { AppError, conflict, fieldError } from '../../lib/errors.js';
import type { CounterStore } from '../../lib/rate-limit.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { MailOutbox } from '../../mail/outbox.js';
import * as templates from '../../mail/templates.js';
import * as accounts from './account.repo.js';
import * as catalog from '../catalog/catalog.service.js';
import { deleteLibraryOfUser } from '../library/library.service.js';
import { loadUserDto, provesGoogleSubject } from './auth.service.js';
import { isCommonPassword } from './common-passwords.js';
import { describeDevice } from './device.js';
import type { GoogleVerifierConfig } from './google-verifier.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.js';
import { deleteSessionsOfUser, listSessionsOfUser } from './session.repo.js';
import { hashSessionToken, newSessionToken } from './session-token.js';
import * as users from './users.repo.js';

const VERIFY_EMAIL_HOURS = 24;
const RESET_PASSWORD_MINUTES = 30;
/** Reset mails per address per hour: beyond it the answer is the same, but no mail goes out. */
const RESET_MAILS_PER_EMAIL_PER_HOUR = 3;

export interface AccountContext {
  db: AppDb;
  /** Account mail (links, notices) goes through the outbox. */
  outbox: MailOutbox;
  links: templates.MailLinks;
  counters: CounterStore;
  now: () => number;
  /** Google's endpoints: an account without a password proves itself with a Google token (accountRoutes sets it). */
  google?: GoogleVerifierConfig;
}

/**
 * Queues the message in the mail outbox (in `db`'s transaction when it is one): the answer's timing
 * does not depend on the mail server, and the queue retries a failed send.
 */
const deliver = (ctx: AccountContext, message: MailMessage, db: DbOrTx = ctx.db): Promise<void> =>
  ctx.outbox.send(db, message);

/** A one-use link: the token and the mail that carries it commit together. */
async function mailToken(
  ctx: AccountContext,
  user: users.UserRow,
  purpose: accounts.TokenPurpose,
  email: string,
  ttlMs: number,
  message: (token: string) => MailMessage,
): Promise<void> {
  const token = newSessionToken();
  await ctx.db.transaction(async (tx) => {
    await accounts.insertAccountToken(tx, {
      userId: user.id,
      purpose,
      tokenHash: hashSessionToken(token),
      email,
      expiresAt: new Date(ctx.now() + ttlMs),
    });
    await deliver(ctx, message(token), tx);
  });
}

/** Sends a confirmation link for the account's current email (sign-up, resend, email change). */
export async function sendVerification(ctx: AccountContext, user: users.UserRow): Promise<void> {
  // Never greets by name: the address is not confirmed, and the name is whatever the sign-up typed.
  await mailToken(ctx, user, 'verify_email', user.email, VERIFY_EMAIL_HOURS * 3600_000, (token) =>
    templates.verifyEmailMessage(ctx.links, user.email, token),
  );
}

export async function resendVerification(ctx: AccountContext, user: users.UserRow): Promise<string> {
  if (user.emailVerifiedAt) return AccountMessages.emailAlreadyVerified;
  await sendVerification(ctx, user);
  return AccountMessages.verificationSent;
}

export async function verifyEmail(ctx: AccountContext, token: string): Promise<void> {
  const invalid = () => fieldError('verify_link_invalid', 'token');
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
  await sendResetLink(ctx, user);
}

async function sendResetLink(ctx: AccountContext, user: users.UserRow): Promise<void> {
  await mailToken(ctx, user, 'reset_password', user.email, RESET_PASSWORD_MINUTES * 60_000, (token) =>
    templates.passwordResetMessage(ctx.links, user.email, templates.greetingName(user), token),
  );
}

/** A new password from a reset link: every session ends, the address counts as verified, a notice follows. */
export async function resetPassword(ctx: AccountContext, body: ResetPasswordBody): Promise<void> {
  if (isCommonPassword(body.password)) {
    throw fieldError('password_common', 'password');
  }
  const passwordHash = await hashPassword(body.password);
  const now = new Date(ctx.now());
  const user = await ctx.db.transaction(async (tx) => {
    const row = await accounts.consumeAccountToken(tx, 'reset_password', hashSessionToken(body.token), now);
    if (!row) return undefined;
    const current = await users.findUserById(tx, row.userId);
    if (!current || current.deletedAt || current.email.toLowerCase() !== row.email.toLowerCase()) return undefined;
    await deleteSessionsOfUser(tx, current.id, null);
    // Any other link sent before the new password (reset, confirmation, email change) stops working.
    await accounts.voidAccountTokensOfUser(tx, current.id, now);
    const updated = await accounts.updateUser(tx, current.id, {
      passwordHash,
      emailVerifiedAt: current.emailVerifiedAt ?? now,
    });
    if (updated) {
      await deliver(
        ctx,
        templates.passwordChangedMessage(ctx.links, updated.email, templates.greetingName(updated)),
        tx,
      );
    }
    return updated;
  });
  if (!user) throw fieldError('reset_link_invalid', 'token');
}

async function checkCurrentPassword(user: users.UserRow, current: string | undefined, field: string): Promise<void> {
  if (!user.passwordHash) return;
  if (!current) throw fieldError('current_password_required', field);
  if (!(await verifyPassword(user.passwordHash, current))) {
    throw fieldError('current_password_wrong', field);
  }
}

/**
 * How a change of email or password is proved. An account with a password: the current password.
 * An account without one (Google only) has nothing a session thief lacks, so the session is not
 * enough: a fresh token of its own Google identity, or a link mailed to its current address.
 * Answers 'link' when the caller asked for the link instead.
 */
async function proveChange(ctx: AccountContext, user: users.UserRow, body: UpdateMeBody): Promise<'proved' | 'link'> {
  if (user.passwordHash) {
    await checkCurrentPassword(user, body.current_password, 'current_password');
    return 'proved';
  }
  if (body.google_access_token !== undefined) {
    const proved = ctx.google !== undefined && (await provesGoogleSubject(ctx.google, user, body.google_access_token));
    if (!proved) throw new AppError(403, 'google_proof_wrong');
    return 'proved';
  }
  if (body.send_link !== undefined) return 'link';
  throw fieldError('proof_required', 'google_access_token');
}

/**
 * `PATCH /api/me`. A new email is unverified until its link is used (a notice goes to the old
 * address); a new password ends every other session and voids every link sent before it (a notice
 * follows). Both need proof (`proveChange`); an account without a password may ask for a link to its
 * current address instead (`send_link`): then only the name changes now.
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
  const linkAsked = !user.passwordHash && body.send_link !== undefined;
  if (
    newEmail === undefined &&
    body.password === undefined &&
    newName === undefined &&
    emailCaseOnly === undefined &&
    !linkAsked
  ) {
    return { user: await loadUserDto(ctx.db, user), message: AccountMessages.nothingToUpdate };
  }
  const proof =
    newEmail !== undefined || body.password !== undefined || linkAsked ? await proveChange(ctx, user, body) : 'proved';
  if (proof === 'link' && body.send_link === 'email_change' && newEmail === undefined) {
    throw fieldError('email_required', 'email');
  }
  if (proof === 'proved' && body.password !== undefined && isCommonPassword(body.password)) {
    throw fieldError('password_common', 'password');
  }
  if (newEmail !== undefined && (await users.findUserByEmail(ctx.db, newEmail))) {
    throw fieldError('email_taken', 'email');
  }
  if (proof === 'link') {
    // Only the name changes now; the email or the password changes when the mailed link is used.
    const current =
      newName !== undefined ? ((await accounts.updateUser(ctx.db, user.id, { name: newName })) ?? user) : user;
    if (body.send_link === 'email_change') {
      await mailToken(ctx, current, 'change_email', newEmail!, VERIFY_EMAIL_HOURS * 3600_000, (token) =>
        templates.emailChangeLinkMessage(ctx.links, current.email, templates.greetingName(current), newEmail!, token),
      );
      return { user: await loadUserDto(ctx.db, current), message: AccountMessages.emailChangeLinkSent };
    }
    await sendResetLink(ctx, current);
    return { user: await loadUserDto(ctx.db, current), message: AccountMessages.setPasswordLinkSent };
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
    // Links sent before a new password or to the old address stop working (a fresh confirmation follows).
    if (row && (passwordHash !== undefined || newEmail !== undefined)) {
      await accounts.voidAccountTokensOfUser(tx, user.id, new Date(ctx.now()));
    }
    return row;
  });
  if (!updated) throw fieldError('email_taken', 'email');
  return { user: await loadUserDto(ctx.db, updated), message: await afterChange(ctx, user, updated, passwordHash) };
}

/** The notices of a changed password or email, and the answer's message. */
async function afterChange(
  ctx: AccountContext,
  before: users.UserRow,
  after: users.UserRow,
  passwordHash: string | undefined,
): Promise<string> {
  const emailChanged = after.email.toLowerCase() !== before.email.toLowerCase();
  let message: string = AccountMessages.profileUpdated;
  if (passwordHash !== undefined) {
    await deliver(ctx, templates.passwordChangedMessage(ctx.links, after.email, templates.greetingName(after)));
    message = AccountMessages.passwordChanged;
  }
  if (emailChanged) {
    await deliver(
      ctx,
      templates.emailChangedNoticeMessage(ctx.links, before.email, templates.greetingName(before), after.email),
    );
    await sendVerification(ctx, after);
    message = AccountMessages.emailChangePending;
  }
  return message;
}

/**
 * `POST /api/me/email-change/confirm`: the link mailed to the current address of an account without a
 * password. One use, 24 hours, voided by any later change; the new address is then unverified until its
 * own link is used, and the old address is told.
 */
export async function confirmEmailChange(ctx: AccountContext, token: string): Promise<void> {
  const invalid = () => fieldError('email_change_link_invalid', 'token');
  const now = new Date(ctx.now());
  const change = await ctx.db.transaction(async (tx) => {
    const row = await accounts.consumeAccountToken(tx, 'change_email', hashSessionToken(token), now);
    if (!row) return undefined;
    const before = await users.findUserById(tx, row.userId);
    if (!before || before.deletedAt || before.disabledAt) return undefined;
    if (await users.findUserByEmail(tx, row.email)) return 'taken' as const;
    const after = await accounts.updateUser(tx, before.id, { email: row.email, emailVerifiedAt: null });
    if (!after) return 'taken' as const;
    await accounts.voidAccountTokensOfUser(tx, before.id, now);
    return { before, after };
  });
  if (change === 'taken') throw fieldError('email_taken', 'token');
  if (!change) throw invalid();
  await afterChange(ctx, change.before, change.after, undefined);
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
    if (!body.password) throw fieldError('password_required', 'password');
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      throw fieldError('password_wrong', 'password');
    }
  } else {
    await verifyPassword(await dummyPasswordHash(), body.password ?? '');
    if (body.confirm_email?.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw fieldError('confirm_email_required', 'confirm_email');
    }
  }
  if (await accounts.hasLiveSubscription(ctx.db, user.id)) throw conflict('cancel_subscription_first');
  await ctx.db.transaction(async (tx) => {
    await deleteLibraryOfUser(tx, user.id);
    await catalog.detachArtistOfUser(tx, user.id);
    await accounts.anonymiseUser(tx, user.id, new Date(ctx.now()));
    await deliver(ctx, templates.accountDeletedMessage(ctx.links, user.email, templates.greetingName(user)), tx);
  });
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
