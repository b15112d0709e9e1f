import {
  ADMIN_PER_PAGE,
  AdminMessages,
  TakedownReasonLabels,
  type AdminArtistDto,
  type AdminListMeta,
  type AdminOrderTotals,
  type AdminOrdersQuery,
  type AdminTracksQuery,
  type AdminUsersQuery,
  type AdminOrderDto,
  type AdminQuoteDto,
  type AdminRoleBody,
  type AdminTrackDto,
  type AdminUserDto,
  type ArtistTrackDto,
  type RejectBody,
  type AuditEntryDto,
  type TakedownBody,
} from '@tarab/contracts';
import type { AppDb, DbOrTx } from '../../db/client.js';
import type { CatalogEvents } from '../../lib/catalog-events.js';
import { AppError, notFound, forbidden, conflict } from '../../lib/errors.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { MailOutbox } from '../../mail/outbox.js';
import { greetingName, trackRejectedMessage, trackTakenDownMessage, type MailLinks } from '../../mail/templates.js';
import * as auth from '../auth/auth.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import * as catalog from '../catalog/catalog.service.js';
import { mediaUrl } from '../catalog/catalog.mapper.js';
import type { PaymentProvider } from '../commerce/payment-provider.js';
import { providerRefundOf, refundOneOrder } from '../commerce/cart.service.js';
import { artistTrackDtos } from '../ingest/ingest.service.js';
import { listQuoteRequests } from '../quotes/quotes.service.js';
import * as repo from './admin.repo.js';

/**
 * The operator console (issue 22). Every action runs in one transaction with its audit entry (who,
 * what, when, before and after), so an action without its entry cannot commit; a repeated action
 * that changes nothing (a double click) writes no second entry.
 */
export interface AdminContext {
  db: AppDb;
  provider: PaymentProvider;
  /** Notices to artists are queued in the mail outbox, in the action's transaction. */
  outbox: MailOutbox;
  links: MailLinks;
  events: CatalogEvents;
}

type Actor = Pick<SessionUser, 'id' | 'email'>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- the console's tables (issue #32) ----

type ListQuery<S extends string> = {
  q?: string | undefined;
  sort?: S | undefined;
  dir?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
  per_page?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** The day after `day` (YYYY-MM-DD), at 00:00 UTC: `to` includes its whole day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** A table's sort (newest first by default), page and date range (`from` and `to` UTC days, both included). */
function listWindow<S extends string>(query: ListQuery<S>, defaultSort: S): repo.ListWindow<S> {
  const perPage = query.per_page ?? ADMIN_PER_PAGE;
  const page = query.page ?? 1;
  return {
    q: query.q || undefined,
    sort: query.sort ?? defaultSort,
    dir: query.dir ?? 'desc',
    limit: perPage,
    offset: (page - 1) * perPage,
    from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
    to: query.to ? dayAfter(query.to) : undefined,
  };
}

const metaOf = <S extends string>(w: repo.ListWindow<S>, total: number): AdminListMeta => ({
  page: Math.floor(w.offset / w.limit) + 1,
  per_page: w.limit,
  total,
  last_page: Math.max(1, Math.ceil(total / w.limit)),
  sort: w.sort,
  dir: w.dir,
});

// ---- users ----

function toUserDto(row: repo.AdminUserRow): AdminUserDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    type: row.type,
    artist: row.artistId !== null ? { id: row.artistId, name: row.artistName ?? '' } : null,
    email_verified: row.emailVerifiedAt !== null,
    disabled_at: iso(row.disabledAt),
    deleted: row.deletedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a user (no secrets: no password hash, no tokens). */
const userState = (row: repo.AdminUserRow) => ({
  type: row.type,
  artist_id: row.artistId,
  disabled_at: iso(row.disabledAt),
});

export async function listUsers(ctx: AdminContext, query: AdminUsersQuery) {
  const w = listWindow(query, 'id');
  const { rows, total } = await repo.listUsers(ctx.db, w);
  return { data: rows.map(toUserDto), meta: metaOf(w, total) };
}

/**
 * Changes one user inside a transaction with the row locked: `change` works on the current row and
 * returns the action's name, or null when there is nothing to change. The entry is written with the
 * state before and after.
 */
async function changeUser(
  ctx: AdminContext,
  actor: Actor,
  userId: number,
  change: (tx: AppDb, row: repo.AdminUserRow) => Promise<string | null>,
): Promise<AdminUserDto> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const before = await repo.findUser(tx, userId);
    if (!before) throw notFound('user_not_found');
    const action = await change(tx, before);
    const after = (await repo.findUser(tx, userId))!;
    if (action) {
      await repo.appendAudit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action,
        targetType: 'user',
        targetId: userId,
        before: userState(before),
        after: userState(after),
      });
    }
    return toUserDto(after);
  });
}

const notYourself = (actor: Actor, userId: number) => {
  if (actor.id === userId) throw forbidden('not_yourself');
};

/** Disables the account: every session ends at once and login is refused (AdminMessages.accountDisabled). */
export function disableUser(ctx: AdminContext, actor: Actor, userId: number): Promise<AdminUserDto> {
  notYourself(actor, userId);
  return changeUser(ctx, actor, userId, async (tx, row) => {
    // Sessions go even when it was disabled already (belt and braces: none should exist).
    await auth.endSessionsOfUser(tx, userId);
    if (row.disabledAt) return null;
    await auth.setUserDisabled(tx, userId, new Date());
    return 'user.disable';
  });
}

export function enableUser(ctx: AdminContext, actor: Actor, userId: number): Promise<AdminUserDto> {
  return changeUser(ctx, actor, userId, async (tx, row) => {
    if (!row.disabledAt) return null;
    await auth.setUserDisabled(tx, userId, null);
    return 'user.enable';
  });
}

/** A new role; the operator's own role cannot be changed here (there must always be an admin left). */
export function changeRole(
  ctx: AdminContext,
  actor: Actor,
  userId: number,
  body: AdminRoleBody,
): Promise<AdminUserDto> {
  notYourself(actor, userId);
  return changeUser(ctx, actor, userId, async (tx, row) => {
    if (row.type === body.type) return null;
    await auth.setUserRole(tx, userId, body.type);
    // The session's role is read on every request: the change applies to live sessions at once.
    return 'user.role';
  });
}

/**
 * Links the account to an artist profile (a listener becomes an artist) or unlinks it (null). A
 * profile linked to another account is refused: unlink it there first.
 */
export function linkArtist(
  ctx: AdminContext,
  actor: Actor,
  userId: number,
  artistId: number | null,
): Promise<AdminUserDto> {
  return changeUser(ctx, actor, userId, async (tx, row) => {
    if (row.artistId === artistId) return null;
    if (artistId !== null) {
      const artist = await repo.findArtist(tx, artistId);
      if (!artist) throw notFound('artist_not_found');
      if (artist.userId !== null && artist.userId !== userId) throw conflict('artist_linked_elsewhere');
    }
    if (artistId === null) await catalog.detachArtistOfUser(tx, userId);
    else await catalog.linkArtistToUser(tx, artistId, userId);
    if (artistId !== null && row.type === 'user') await auth.setUserRole(tx, userId, 'artist');
    return artistId === null ? 'user.artist_unlink' : 'user.artist_link';
  });
}

// ---- orders and refunds ----

function toOrderDto(row: repo.AdminOrderRow): AdminOrderDto {
  return {
    id: row.id,
    status: row.status,
    amount: row.amountCents / 100,
    currency: row.currency,
    provider: row.provider,
    session_id: row.providerRef,
    created_at: row.createdAt.toISOString(),
    paid_at: iso(row.paidAt),
    buyer: { id: row.buyerId, name: row.buyerName, email: row.buyerEmail },
    track: { id: row.trackId, title: row.trackTitle },
    license: row.licenseKey ? { key: row.licenseKey, revoked_at: iso(row.licenseRevokedAt) } : null,
  };
}

const orderState = (row: repo.AdminOrderRow) => ({
  status: row.status,
  license_revoked_at: iso(row.licenseRevokedAt),
});

/** A line of the Orders table: a track order or a subscription (issue #32). */
function lineToDto(line: repo.AdminOrderLine): AdminOrderDto {
  const at = (text: string | null) => (text === null ? null : new Date(text).toISOString());
  return {
    id: line.id,
    type: line.type,
    status: line.status as AdminOrderDto['status'],
    amount: line.amount_cents / 100,
    currency: line.currency,
    provider: line.provider,
    session_id: line.provider_ref,
    created_at: new Date(line.created_at).toISOString(),
    paid_at: at(line.paid_at),
    buyer: { id: line.buyer_id, name: line.buyer_name, email: line.buyer_email },
    track: line.track_id === null ? null : { id: line.track_id, title: line.item_title },
    plan: line.plan_interval === null ? null : { name: line.item_title, interval: line.plan_interval },
    license: line.license_key ? { key: line.license_key, revoked_at: at(line.license_revoked_at) } : null,
  };
}

/**
 * Orders and subscriptions, one page sorted as asked, with the totals of every matching row: how
 * many, their amounts, and of those the ones that brought money in (paid orders; subscriptions
 * that are or were charged), per currency.
 */
export async function listOrders(ctx: AdminContext, query: AdminOrdersQuery) {
  const w = listWindow(query, 'created_at');
  const { rows, totals } = await repo.listOrderLines(ctx.db, w, query.type);
  const total = totals.reduce((sum, t) => sum + t.count, 0);
  const totalsDto: AdminOrderTotals = {
    count: total,
    amounts: totals.map((t) => ({
      currency: t.currency,
      amount: t.amount_cents / 100,
      paid_count: t.paid_count,
      paid_amount: t.paid_cents / 100,
    })),
  };
  return { data: rows.map(lineToDto), meta: metaOf(w, total), totals: totalsDto };
}

/** Artist profiles for the link picker (by name or id), at most 20, with the account each is linked to. */
export async function searchArtists(ctx: AdminContext, q: string | undefined): Promise<AdminArtistDto[]> {
  const rows = await repo.searchArtists(ctx.db, q, 20);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    user: r.userId !== null && r.userEmail !== null ? { id: r.userId, email: r.userEmail } : null,
  }));
}

/**
 * Refunds a paid order through the payment driver, then refunds it here (its licence is revoked, so
 * the public verify page says "revoked"). A single-track order is refunded in full; a line of a
 * playlist (cart) checkout is a partial refund of the cart's payment for that line's amount, naming
 * the line, and the cart is refunded once all its lines are. Idempotent: the provider gets one
 * idempotency key per order (a double click refunds once) and our side changes only a
 * not-yet-refunded order (the same path as a `charge.refunded` webhook), so clicks and webhooks in
 * any order end the same way. Exactly one audit entry per refunded order (a unique index).
 */
export async function refundOrderAsAdmin(
  ctx: AdminContext,
  actor: Actor,
  orderId: number,
): Promise<{ message: string; data: AdminOrderDto }> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) throw notFound('order_not_found');
  if (order.status === 'refunded') return { message: AdminMessages.alreadyRefunded, data: toOrderDto(order) };
  if (order.status !== 'paid') throw conflict('order_not_refundable');
  const commerce = { db: ctx.db, provider: ctx.provider };
  const request = await providerRefundOf(commerce, order.providerRef);
  try {
    await ctx.provider.refundCheckout(request.checkoutId, `tarab-refund-order-${order.id}`, request.part);
  } catch (error) {
    throw new AppError(502, 'refund_failed', undefined, { cause: error });
  }
  const recorded = await ctx.db.transaction(async (tx) => {
    await refundOneOrder({ db: tx, provider: ctx.provider }, order.providerRef);
    const after = (await repo.findOrder(tx, orderId))!;
    return repo.appendAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'order.refund',
      targetType: 'order',
      targetId: orderId,
      before: orderState(order),
      after: orderState(after),
    });
  });
  const after = (await repo.findOrder(ctx.db, orderId))!;
  return { message: recorded ? AdminMessages.refunded : AdminMessages.alreadyRefunded, data: toOrderDto(after) };
}

// ---- takedowns ----

function toTrackDto(row: repo.AdminTrackRow): AdminTrackDto {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    artist: { id: row.artistId, name: row.artistName },
    published: row.published,
    takedown:
      row.takenDownAt && row.takedownReason
        ? { reason: row.takedownReason, note: row.takedownNote, at: row.takenDownAt.toISOString() }
        : null,
    review:
      row.reviewState && row.reviewAt
        ? { state: row.reviewState, note: row.reviewNote, at: row.reviewAt.toISOString() }
        : null,
    preview_url: mediaUrl(row.previewKey),
    waveform_data: mediaUrl(row.peaksKey),
    duration_seconds: row.durationS,
    created_at: row.createdAt.toISOString(),
  };
}

const trackState = (row: repo.AdminTrackRow) => ({
  published: row.published,
  review_state: row.reviewState,
  takedown_reason: row.takedownReason,
  takedown_note: row.takedownNote,
});

export async function listTracks(ctx: AdminContext, query: AdminTracksQuery) {
  const w = listWindow(query, 'id');
  const { rows, total } = await repo.listTracks(ctx.db, w);
  return { data: rows.map(toTrackDto), meta: metaOf(w, total) };
}

/**
 * Takes a track out of the store with a reason. Buyers keep their licences (a refund is a separate
 * action); the artist is emailed the reason (queued with the commit) and sees it in their tracks list. A
 * track already taken down is answered as it is (no second entry, no second email).
 */
export async function takeDown(
  ctx: AdminContext,
  actor: Actor,
  trackId: number,
  body: TakedownBody,
): Promise<AdminTrackDto> {
  const note = body.note ? body.note : null;
  const result = await ctx.db.transaction(async (tx) => {
    const before = await repo.findTrack(tx, trackId, true);
    if (!before) throw notFound('track_not_found');
    if (before.takenDownAt) return { track: before, changed: false };
    await catalog.takeDownTrack(tx, trackId, { reason: body.reason, note, at: new Date() });
    // The search lexicon follows, as after an artist's unpublish.
    await catalog.refreshTrackSearch(tx, [trackId]);
    const after = (await repo.findTrack(tx, trackId))!;
    await repo.appendAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'track.takedown',
      targetType: 'track',
      targetId: trackId,
      before: trackState(before),
      after: trackState(after),
      reason: note,
    });
    await tellArtist(ctx, tx, after);
    return { track: after, changed: true };
  });
  if (result.changed) ctx.events.changed();
  return toTrackDto(result.track);
}

/**
 * Queues for the track's artist what `make` writes (nothing when the artist has no account, or `make`
 * has nothing to say), in the action's transaction: the mail exists exactly when the action does.
 */
async function mailArtist(
  ctx: AdminContext,
  tx: DbOrTx,
  track: repo.AdminTrackRow,
  make: (to: string, name: string | null) => MailMessage | null,
): Promise<void> {
  const recipient = await repo.findArtistRecipient(tx, track.artistUserId);
  const message = recipient && make(recipient.email, greetingName(recipient));
  if (message) await ctx.outbox.send(tx, message);
}

/** The takedown's reason and note, to the artist. */
const tellArtist = (ctx: AdminContext, tx: DbOrTx, track: repo.AdminTrackRow) =>
  mailArtist(ctx, tx, track, (to, name) =>
    track.takedownReason
      ? trackTakenDownMessage(ctx.links, to, name, {
          title: track.title,
          reason: TakedownReasonLabels[track.takedownReason],
          note: track.takedownNote,
        })
      : null,
  );

/** Lifts a takedown: the artist may publish the track again (it stays unpublished until they do). */
export async function liftTakedown(ctx: AdminContext, actor: Actor, trackId: number): Promise<AdminTrackDto> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findTrack(tx, trackId, true);
    if (!before) throw notFound('track_not_found');
    if (!before.takenDownAt) throw conflict('not_taken_down');
    await catalog.liftTakedown(tx, trackId);
    const after = (await repo.findTrack(tx, trackId))!;
    await repo.appendAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'track.restore',
      targetType: 'track',
      targetId: trackId,
      before: trackState(before),
      after: trackState(after),
    });
    return toTrackDto(after);
  });
}

// ---- review queue (MODERATION=on, decision 041) ----

/** The tracks waiting for review, oldest request first, as their artist sees them (metadata, analysis, preview). */
export async function reviewQueue(ctx: AdminContext): Promise<ArtistTrackDto[]> {
  return artistTrackDtos(ctx.db, await repo.findReviewQueue(ctx.db));
}

type Review = { message: string; data: ArtistTrackDto };
const reviewResult = async (ctx: AdminContext, trackId: number, message: string): Promise<Review> => ({
  message,
  data: (await artistTrackDtos(ctx.db, [trackId]))[0]!,
});

/**
 * Approves a waiting track: it is published (catalog caches follow) with its audit entry in the same
 * transaction, the row locked. A second press (a double click, or another operator) finds it
 * published and answers "already approved" without a second entry; a track not waiting is a 409.
 */
export async function approveTrack(ctx: AdminContext, actor: Actor, trackId: number): Promise<Review> {
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await repo.findTrack(tx, trackId, true);
    if (!before) throw notFound('track_not_found');
    if (before.reviewState === null && before.published) return false;
    if (before.reviewState !== 'pending' || before.takenDownAt) throw conflict('not_in_review');
    await catalog.approveTrack(tx, trackId);
    await catalog.refreshTrackSearch(tx, [trackId]); // the search lexicon follows, as after a publish
    const after = (await repo.findTrack(tx, trackId))!;
    await repo.appendAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'track.approve',
      targetType: 'track',
      targetId: trackId,
      before: trackState(before),
      after: trackState(after),
    });
    return true;
  });
  if (changed) ctx.events.changed();
  return reviewResult(ctx, trackId, changed ? AdminMessages.approved : AdminMessages.alreadyApproved);
}

/**
 * Rejects a waiting track with a reason: it stays unpublished, the artist is emailed the reason (queued
 * with the commit) and sees it in their tracks list. A second press finds it rejected: no second entry or email.
 */
export async function rejectTrack(ctx: AdminContext, actor: Actor, trackId: number, body: RejectBody): Promise<Review> {
  const result = await ctx.db.transaction(async (tx) => {
    const before = await repo.findTrack(tx, trackId, true);
    if (!before) throw notFound('track_not_found');
    if (before.reviewState === 'rejected') return { track: before, changed: false };
    if (before.reviewState !== 'pending') throw conflict('not_in_review');
    await catalog.rejectTrack(tx, trackId, body.reason, new Date());
    const after = (await repo.findTrack(tx, trackId))!;
    await repo.appendAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'track.reject',
      targetType: 'track',
      targetId: trackId,
      before: trackState(before),
      after: trackState(after),
      reason: body.reason,
    });
    await tellRejection(ctx, tx, after);
    return { track: after, changed: true };
  });
  return reviewResult(ctx, trackId, result.changed ? AdminMessages.reviewRejected : AdminMessages.alreadyRejected);
}

/** The rejection's reason, to the artist. */
const tellRejection = (ctx: AdminContext, tx: DbOrTx, track: repo.AdminTrackRow) =>
  mailArtist(ctx, tx, track, (to, name) =>
    track.reviewNote
      ? trackRejectedMessage(ctx.links, to, name, { title: track.title, reason: track.reviewNote })
      : null,
  );

// ---- read-only lists ----

export async function listAudit(
  ctx: AdminContext,
  before: number | undefined,
): Promise<{ data: AuditEntryDto[]; next_before: number | null }> {
  const limit = repo.LIST_LIMIT;
  const rows = await repo.listAudit(ctx.db, before, limit);
  return {
    data: rows.map((r) => ({
      id: r.id,
      actor: { id: r.actorId, email: r.actorEmail },
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      before: r.before,
      after: r.after,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
    })),
    next_before: rows.length === limit ? rows[rows.length - 1]!.id : null,
  };
}

export async function listQuotes(ctx: AdminContext): Promise<AdminQuoteDto[]> {
  return (await listQuoteRequests(ctx)).map((q) => ({
    id: q.id,
    name: q.name,
    company: q.company,
    email: q.email,
    needs: q.needs,
    user_id: q.userId,
    notified_at: iso(q.notifiedAt),
    created_at: q.createdAt.toISOString(),
  }));
}

/**
 * `npm run user:admin -- <email>`: makes the account an operator, with its audit entry (actor "cli",
 * id 0) in the same transaction. Answers what to print: `ok`, or the `error` that stops the command.
 */
export async function promoteToAdmin(db: AppDb, email: string): Promise<{ ok: string } | { error: string }> {
  return db.transaction(async (tx) => {
    const user = await repo.findUserByEmailForUpdate(tx, email);
    if (!user) return { error: `No user with email ${email}.` };
    if (user.deletedAt) return { error: `The account ${email} was deleted.` };
    if (user.type === 'admin') return { ok: `${email} is an admin already.` };
    await auth.setUserRole(tx, user.id, 'admin');
    await repo.appendAudit(tx, {
      actorId: 0,
      actorEmail: 'cli',
      action: 'user.role',
      targetType: 'user',
      targetId: user.id,
      before: { type: user.type },
      after: { type: 'admin' },
    });
    return { ok: `${email} is now an admin: the console is at /admin.` };
  });
}
