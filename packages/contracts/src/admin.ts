import { z } from './zod.js';
import { IdParam } from './catalog.js';
import { UserType } from './auth.js';
import { wholeNumber } from './numbers.js';
import { ServerErrors } from './error-codes.js';

/** The operator console (issue 22): users, orders and refunds, takedowns, quote requests, the audit log. */

export { IdParam as AdminIdParam };

export const AdminMessages = {
  /** Login (password or Google) of a disabled account: 403 with this text. */
  accountDisabled: ServerErrors.account_disabled,
  userNotFound: ServerErrors.user_not_found,
  orderNotFound: ServerErrors.order_not_found,
  trackNotFound: ServerErrors.track_not_found,
  artistNotFound: ServerErrors.artist_not_found,
  notYourself: ServerErrors.not_yourself,
  artistLinkedElsewhere: ServerErrors.artist_linked_elsewhere,
  userDisabled: 'The account is disabled and its sessions are logged out.',
  userEnabled: 'The account is enabled again.',
  roleChanged: 'The role is changed.',
  artistLinked: 'The artist profile link is saved.',
  orderNotRefundable: ServerErrors.order_not_refundable,
  refunded: 'The order is refunded and its licence revoked.',
  alreadyRefunded: 'The order was already refunded.',
  refundFailed: ServerErrors.refund_failed,
  takenDown: 'The track is taken down; its artist was told why.',
  restored: 'The takedown is lifted; the artist may publish the track again.',
  notTakenDown: ServerErrors.not_taken_down,
  /** The artist tries to publish a track an operator took down. */
  takenDownCannotPublish: ServerErrors.taken_down_cannot_publish,
  noteRequired: ServerErrors.takedown_reason_required,
  /** Review queue (MODERATION=on, decision 041). */
  approved: 'The track is approved and published.',
  alreadyApproved: 'The track was already approved.',
  reviewRejected: 'The track is rejected; its artist was told why.',
  alreadyRejected: 'The track was already rejected.',
  notInReview: ServerErrors.not_in_review,
  rejectReasonRequired: ServerErrors.reject_reason_required,
  noteTooLong: ServerErrors.note_too_long,
  /** The console's date range (issue #32). */
  badDay: ServerErrors.date_invalid,
  rangeReversed: ServerErrors.range_reversed,
} as const;

export const TakedownReason = z.enum(['copyright', 'quality', 'other']);
export type TakedownReason = z.infer<typeof TakedownReason>;
/** How each takedown reason is shown (console, the artist's tracks list, the notice email). */
export const TakedownReasonLabels: Record<TakedownReason, string> = {
  copyright: 'Copyright claim',
  quality: 'Quality',
  other: 'Other',
};

export const TakedownDto = z.object({
  reason: TakedownReason,
  note: z.nullable(z.string()),
  at: z.string(),
});
export type TakedownDto = z.infer<typeof TakedownDto>;

/**
 * Pre-publication review (MODERATION=on): `pending` — waiting for an operator; `rejected` — refused,
 * `note` says why (the artist reads it). `at`: when the artist asked, or when it was rejected.
 */
export const ReviewState = z.enum(['pending', 'rejected']);
export type ReviewState = z.infer<typeof ReviewState>;
export const ReviewDto = z.object({
  state: ReviewState,
  note: z.nullable(z.string()),
  at: z.string(),
});
export type ReviewDto = z.infer<typeof ReviewDto>;

/** Reject a track waiting for review: the reason is mailed to the artist and shown in their tracks list. */
export const RejectBody = z.object({
  reason: z
    .string()
    .check(z.trim())
    .check(z.minLength(1, AdminMessages.rejectReasonRequired))
    .check(z.maxLength(1000, AdminMessages.noteTooLong)),
});
export type RejectBody = z.infer<typeof RejectBody>;

const search = z.string().check(z.trim()).check(z.maxLength(200));
/** `?q=`: part of a name, email, title, or an exact id / session id. */
export const AdminSearchQuery = z.object({ q: z.optional(search) });
export type AdminSearchQuery = z.infer<typeof AdminSearchQuery>;

/**
 * The console's tables (issue #32): sorted by one column, a page at a time, within a date range.
 * `from`/`to` are calendar days (UTC), both included; `per_page` at most 100 (default 25).
 */
export const ADMIN_PER_PAGE = 25;
export const ADMIN_MAX_PER_PAGE = 100;
export const AdminSortDir = z.enum(['asc', 'desc']);
export type AdminSortDir = z.infer<typeof AdminSortDir>;
const day = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, AdminMessages.badDay))
  .check(
    z.refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, AdminMessages.badDay),
  );
/** The paging, sort direction and date range every console table takes. */
const listShape = {
  ...AdminSearchQuery.shape,
  dir: z.optional(AdminSortDir),
  page: z.optional(wholeNumber(z.number().check(z.int()).check(z.gte(1)).check(z.lte(100_000)))),
  per_page: z.optional(wholeNumber(z.number().check(z.int()).check(z.gte(1)).check(z.lte(ADMIN_MAX_PER_PAGE)))),
  from: z.optional(day),
  to: z.optional(day),
};
const inOrder = (v: { from?: string | undefined; to?: string | undefined }) => !v.from || !v.to || v.from <= v.to;
const reversed = { message: AdminMessages.rangeReversed, path: ['to'] };

export const AdminUserSort = z.enum(['id', 'name', 'email', 'type', 'created_at']);
export const AdminUsersQuery = z
  .object({ ...listShape, sort: z.optional(AdminUserSort) })
  .check(z.refine(inOrder, reversed));
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;
/** A row of Orders: a single-track order, or a subscription (issue #32: subscriptions are listed in Orders). */
export const AdminOrderType = z.enum(['track', 'subscription']);
export type AdminOrderType = z.infer<typeof AdminOrderType>;
export const AdminOrderSort = z.enum(['id', 'created_at', 'amount', 'status', 'buyer', 'item', 'type']);
/** `type`: only track orders, or only subscriptions (both when absent). */
export const AdminOrdersQuery = z
  .object({ ...listShape, sort: z.optional(AdminOrderSort), type: z.optional(AdminOrderType) })
  .check(z.refine(inOrder, reversed));
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;
export const AdminTrackSort = z.enum(['id', 'title', 'artist', 'kind', 'created_at']);
export const AdminTracksQuery = z
  .object({ ...listShape, sort: z.optional(AdminTrackSort) })
  .check(z.refine(inOrder, reversed));
export type AdminTracksQuery = z.infer<typeof AdminTracksQuery>;

/** Where a console table is: its page, the rows in all (every page), how it is sorted. */
export const AdminListMeta = z.object({
  page: z.number().check(z.int()),
  per_page: z.number().check(z.int()),
  total: z.number().check(z.int()),
  last_page: z.number().check(z.int()),
  sort: z.string(),
  dir: AdminSortDir,
});
export type AdminListMeta = z.infer<typeof AdminListMeta>;

/** Artists found by name for the console's link picker, with the account each is linked to. */
export const AdminArtistDto = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  user: z.nullable(z.object({ id: z.number().check(z.int()), email: z.string() })),
});
export type AdminArtistDto = z.infer<typeof AdminArtistDto>;
export const AdminArtistsResponse = z.object({ data: z.array(AdminArtistDto) });

export const AdminUserDto = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  email: z.string(),
  type: UserType,
  artist: z.nullable(z.object({ id: z.number().check(z.int()), name: z.string() })),
  email_verified: z.boolean(),
  disabled_at: z.nullable(z.string()),
  deleted: z.boolean(),
  created_at: z.string(),
});
export type AdminUserDto = z.infer<typeof AdminUserDto>;
export const AdminUsersResponse = z.object({ data: z.array(AdminUserDto), meta: z.optional(AdminListMeta) });
export const AdminUserResponse = z.object({ message: z.string(), data: AdminUserDto });
export type AdminUserResponse = z.infer<typeof AdminUserResponse>;

export const AdminRoleBody = z.object({ type: UserType });
export type AdminRoleBody = z.infer<typeof AdminRoleBody>;
/** Link the account to an artist profile (the account becomes an artist), or unlink with null. */
export const AdminArtistLinkBody = z.object({
  artist_id: z.nullable(z.number().check(z.int()).check(z.gte(1)).check(z.lte(2_147_483_647))),
});
export type AdminArtistLinkBody = z.infer<typeof AdminArtistLinkBody>;

export const AdminOrderDto = z.object({
  id: z.number().check(z.int()),
  /** `track` unless given (responses before issue #32 had only track orders). */
  type: z.optional(AdminOrderType),
  /** A track order's status, or a subscription's (`trialing`, `active`, `past_due`, `canceled`, `incomplete`). */
  status: z.enum([
    'pending',
    'paid',
    'failed',
    'refunded',
    'expired',
    'trialing',
    'active',
    'past_due',
    'canceled',
    'incomplete',
  ]),
  amount: z.number(),
  currency: z.string(),
  provider: z.string(),
  session_id: z.string(),
  created_at: z.string(),
  paid_at: z.nullable(z.string()),
  buyer: z.object({ id: z.number().check(z.int()), name: z.string(), email: z.string() }),
  /** The track of a track order; null for a subscription (see `plan`). */
  track: z.nullable(z.object({ id: z.number().check(z.int()), title: z.string() })),
  /** The plan of a subscription; absent or null for a track order. */
  plan: z.optional(z.nullable(z.object({ name: z.string(), interval: z.enum(['month', 'year']) }))),
  license: z.nullable(z.object({ key: z.string(), revoked_at: z.nullable(z.string()) })),
});
export type AdminOrderDto = z.infer<typeof AdminOrderDto>;
/** Sums of the matching rows (every page), per currency: all of them, and those that brought money in. */
export const AdminOrderTotals = z.object({
  count: z.number().check(z.int()),
  amounts: z.array(
    z.object({
      currency: z.string(),
      amount: z.number(),
      paid_count: z.number().check(z.int()),
      paid_amount: z.number(),
    }),
  ),
});
export type AdminOrderTotals = z.infer<typeof AdminOrderTotals>;
export const AdminOrdersResponse = z.object({
  data: z.array(AdminOrderDto),
  meta: z.optional(AdminListMeta),
  totals: z.optional(AdminOrderTotals),
});
export const AdminOrderResponse = z.object({ message: z.string(), data: AdminOrderDto });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponse>;

export const AdminTrackDto = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  kind: z.enum(['music', 'loop']),
  artist: z.object({ id: z.number().check(z.int()), name: z.string() }),
  published: z.boolean(),
  takedown: z.nullable(TakedownDto),
  review: z.nullable(ReviewDto),
  preview_url: z.string(),
  /** The peaks JSON and the length, so that the console plays it in the store's player (issue #32). */
  waveform_data: z.optional(z.string()),
  duration_seconds: z.optional(z.number()),
  created_at: z.string(),
});
export type AdminTrackDto = z.infer<typeof AdminTrackDto>;
export const AdminTracksResponse = z.object({ data: z.array(AdminTrackDto), meta: z.optional(AdminListMeta) });
export const AdminTrackResponse = z.object({ message: z.string(), data: AdminTrackDto });
export type AdminTrackResponse = z.infer<typeof AdminTrackResponse>;

export const TakedownBody = z
  .object({
    reason: TakedownReason,
    note: z.optional(z.string().check(z.trim()).check(z.maxLength(1000, AdminMessages.noteTooLong))),
  })
  .check(
    z.refine((b) => b.reason !== 'other' || (b.note ?? '').length > 0, {
      message: AdminMessages.noteRequired,
      path: ['note'],
    }),
  );
export type TakedownBody = z.infer<typeof TakedownBody>;

export const AuditEntryDto = z.object({
  id: z.number().check(z.int()),
  actor: z.object({ id: z.number().check(z.int()), email: z.string() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().check(z.int()),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.nullable(z.string()),
  created_at: z.string(),
});
export type AuditEntryDto = z.infer<typeof AuditEntryDto>;
export const AuditQuery = z.object({
  /** Entries older than this id (the next page). */
  before: z.optional(wholeNumber(z.number().check(z.int()).check(z.gte(1)).check(z.lte(2_147_483_647)))),
});
export const AuditResponse = z.object({
  data: z.array(AuditEntryDto),
  next_before: z.nullable(z.number().check(z.int())),
});

export const AdminQuoteDto = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  needs: z.string(),
  user_id: z.nullable(z.number().check(z.int())),
  notified_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type AdminQuoteDto = z.infer<typeof AdminQuoteDto>;
export const AdminQuotesResponse = z.object({ data: z.array(AdminQuoteDto) });
