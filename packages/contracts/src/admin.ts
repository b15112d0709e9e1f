import { z } from 'zod';
import { IdParam } from './catalog.js';
import { UserType } from './auth.js';
import { wholeNumber } from './numbers.js';

/** The operator console (issue 22): users, orders and refunds, takedowns, quote requests, the audit log. */

export { IdParam as AdminIdParam };

export const AdminMessages = {
  /** Login (password or Google) of a disabled account: 403 with this text. */
  accountDisabled: 'This account has been disabled. If you think this is a mistake, write to support@tarab.local.',
  userNotFound: 'User not found',
  orderNotFound: 'Order not found',
  trackNotFound: 'Track not found',
  artistNotFound: 'Artist not found',
  notYourself: 'You cannot disable your own account or change your own role.',
  artistLinkedElsewhere: 'This artist profile is linked to another account.',
  userDisabled: 'The account is disabled and its sessions are logged out.',
  userEnabled: 'The account is enabled again.',
  roleChanged: 'The role is changed.',
  artistLinked: 'The artist profile link is saved.',
  orderNotRefundable: 'Only a paid order can be refunded.',
  refunded: 'The order is refunded and its licence revoked.',
  alreadyRefunded: 'The order was already refunded.',
  refundFailed: 'The payment provider did not refund the payment. Nothing was changed; try again.',
  takenDown: 'The track is taken down; its artist was told why.',
  restored: 'The takedown is lifted; the artist may publish the track again.',
  notTakenDown: 'This track is not taken down.',
  /** The artist tries to publish a track an operator took down. */
  takenDownCannotPublish:
    'This track was taken down by Tarab and cannot be published. The reason is in your tracks list.',
  noteRequired: 'Say why (the artist reads this).',
  /** Review queue (MODERATION=on, decision 041). */
  approved: 'The track is approved and published.',
  alreadyApproved: 'The track was already approved.',
  reviewRejected: 'The track is rejected; its artist was told why.',
  alreadyRejected: 'The track was already rejected.',
  notInReview: 'This track is not waiting for review.',
  rejectReasonRequired: 'Say why the track is rejected (the artist reads this).',
  noteTooLong: 'The note may not be greater than 1000 characters.',
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
  note: z.string().nullable(),
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
  note: z.string().nullable(),
  at: z.string(),
});
export type ReviewDto = z.infer<typeof ReviewDto>;

/** Reject a track waiting for review: the reason is mailed to the artist and shown in their tracks list. */
export const RejectBody = z.object({
  reason: z.string().trim().min(1, AdminMessages.rejectReasonRequired).max(1000, AdminMessages.noteTooLong),
});
export type RejectBody = z.infer<typeof RejectBody>;

const search = z.string().trim().max(200);
/** `?q=`: part of a name, email, title, or an exact id / session id. */
export const AdminSearchQuery = z.object({ q: search.optional() });
export type AdminSearchQuery = z.infer<typeof AdminSearchQuery>;

export const AdminUserDto = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  type: UserType,
  artist: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  email_verified: z.boolean(),
  disabled_at: z.string().nullable(),
  deleted: z.boolean(),
  created_at: z.string(),
});
export type AdminUserDto = z.infer<typeof AdminUserDto>;
export const AdminUsersResponse = z.object({ data: z.array(AdminUserDto) });
export const AdminUserResponse = z.object({ message: z.string(), data: AdminUserDto });
export type AdminUserResponse = z.infer<typeof AdminUserResponse>;

export const AdminRoleBody = z.object({ type: UserType });
export type AdminRoleBody = z.infer<typeof AdminRoleBody>;
/** Link the account to an artist profile (the account becomes an artist), or unlink with null. */
export const AdminArtistLinkBody = z.object({
  artist_id: z.number().int().min(1).max(2_147_483_647).nullable(),
});
export type AdminArtistLinkBody = z.infer<typeof AdminArtistLinkBody>;

export const AdminOrderDto = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed', 'refunded', 'expired']),
  amount: z.number(),
  currency: z.string(),
  provider: z.string(),
  session_id: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  buyer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  track: z.object({ id: z.number().int(), title: z.string() }),
  license: z.object({ key: z.string(), revoked_at: z.string().nullable() }).nullable(),
});
export type AdminOrderDto = z.infer<typeof AdminOrderDto>;
export const AdminOrdersResponse = z.object({ data: z.array(AdminOrderDto) });
export const AdminOrderResponse = z.object({ message: z.string(), data: AdminOrderDto });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponse>;

export const AdminTrackDto = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(['music', 'loop']),
  artist: z.object({ id: z.number().int(), name: z.string() }),
  published: z.boolean(),
  takedown: TakedownDto.nullable(),
  review: ReviewDto.nullable(),
  preview_url: z.string(),
  created_at: z.string(),
});
export type AdminTrackDto = z.infer<typeof AdminTrackDto>;
export const AdminTracksResponse = z.object({ data: z.array(AdminTrackDto) });
export const AdminTrackResponse = z.object({ message: z.string(), data: AdminTrackDto });
export type AdminTrackResponse = z.infer<typeof AdminTrackResponse>;

export const TakedownBody = z
  .object({
    reason: TakedownReason,
    note: z.string().trim().max(1000, AdminMessages.noteTooLong).optional(),
  })
  // "Other" says nothing by itself: the artist must be told why.
  .refine((b) => b.reason !== 'other' || (b.note ?? '').length > 0, {
    message: AdminMessages.noteRequired,
    path: ['note'],
  });
export type TakedownBody = z.infer<typeof TakedownBody>;

export const AuditEntryDto = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), email: z.string() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntryDto = z.infer<typeof AuditEntryDto>;
export const AuditQuery = z.object({
  /** Entries older than this id (the next page). */
  before: wholeNumber(z.number().int().min(1).max(2_147_483_647)).optional(),
});
export const AuditResponse = z.object({ data: z.array(AuditEntryDto), next_before: z.number().int().nullable() });

export const AdminQuoteDto = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  needs: z.string(),
  user_id: z.number().int().nullable(),
  notified_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminQuoteDto = z.infer<typeof AdminQuoteDto>;
export const AdminQuotesResponse = z.object({ data: z.array(AdminQuoteDto) });
