import type { AdminOrderDto, TakedownReason, UserType } from '@tarab/contracts';
import { defineMessages, type IntlShape } from 'react-intl';

/**
 * What the console says once an action is done (the route that answered tells which), and its own
 * checks of a form. Errors are shown by their code (`errorText`, lib/i18n/error-text.ts).
 */
export const adminMessages = defineMessages({
  userDisabled: {
    id: 'admin.done.userDisabled',
    defaultMessage: 'The account is disabled and its sessions are logged out.',
  },
  userEnabled: { id: 'admin.done.userEnabled', defaultMessage: 'The account is enabled again.' },
  roleChanged: { id: 'admin.done.roleChanged', defaultMessage: 'The role is changed.' },
  artistLinked: { id: 'admin.done.artistLinked', defaultMessage: 'The artist profile link is saved.' },
  refunded: { id: 'admin.done.refunded', defaultMessage: 'The order is refunded and its licence revoked.' },
  takenDown: { id: 'admin.done.takenDown', defaultMessage: 'The track is taken down; its artist was told why.' },
  restored: {
    id: 'admin.done.restored',
    defaultMessage: 'The takedown is lifted; the artist may publish the track again.',
  },
  approved: { id: 'admin.done.approved', defaultMessage: 'The track is approved and published.' },
  // A second press (a double click, another operator) answers that it was done already.
  alreadyApproved: { id: 'admin.done.alreadyApproved', defaultMessage: 'The track was already approved.' },
  alreadyRejected: { id: 'admin.done.alreadyRejected', defaultMessage: 'The track was already rejected.' },
  alreadyRefunded: { id: 'admin.done.alreadyRefunded', defaultMessage: 'The order was already refunded.' },
  reviewRejected: {
    id: 'admin.done.reviewRejected',
    defaultMessage: 'The track is rejected; its artist was told why.',
  },
  noteRequired: { id: 'admin.check.noteRequired', defaultMessage: 'Say why (the artist reads this).' },
  rejectReasonRequired: {
    id: 'admin.check.rejectReasonRequired',
    defaultMessage: 'Say why the track is rejected (the artist reads this).',
  },
});

const roleMessages = defineMessages<UserType>({
  user: { id: 'admin.role.user', defaultMessage: 'User' },
  artist: { id: 'admin.role.artist', defaultMessage: 'Artist' },
  admin: { id: 'admin.role.admin', defaultMessage: 'Admin' },
});
/** An account type as the console names it (`User`, `Artist`, `Admin`). */
export const roleName = (intl: IntlShape, type: UserType) => intl.formatMessage(roleMessages[type]);

const roleTags = defineMessages<UserType>({
  user: { id: 'admin.roleTag.user', defaultMessage: 'user' },
  artist: { id: 'admin.roleTag.artist', defaultMessage: 'artist' },
  admin: { id: 'admin.roleTag.admin', defaultMessage: 'admin' },
});
/** An account type on a row's pill (lower case in English, as the API names it). */
export const roleTag = (intl: IntlShape, type: UserType) => intl.formatMessage(roleTags[type]);

const orderStatuses = defineMessages<AdminOrderDto['status']>({
  pending: { id: 'admin.orderStatus.pending', defaultMessage: 'pending' },
  paid: { id: 'admin.orderStatus.paid', defaultMessage: 'paid' },
  failed: { id: 'admin.orderStatus.failed', defaultMessage: 'failed' },
  refunded: { id: 'admin.orderStatus.refunded', defaultMessage: 'refunded' },
  expired: { id: 'admin.orderStatus.expired', defaultMessage: 'expired' },
  trialing: { id: 'admin.orderStatus.trialing', defaultMessage: 'trial' },
  active: { id: 'admin.orderStatus.active', defaultMessage: 'active' },
  past_due: { id: 'admin.orderStatus.pastDue', defaultMessage: 'past due' },
  canceled: { id: 'admin.orderStatus.canceled', defaultMessage: 'cancelled' },
  incomplete: { id: 'admin.orderStatus.incomplete', defaultMessage: 'incomplete' },
});
export const orderStatusName = (intl: IntlShape, status: AdminOrderDto['status']) =>
  intl.formatMessage(orderStatuses[status]);

const takedownReasons = defineMessages<TakedownReason>({
  copyright: { id: 'admin.takedownReason.copyright', defaultMessage: 'Copyright claim' },
  quality: { id: 'admin.takedownReason.quality', defaultMessage: 'Quality' },
  other: { id: 'admin.takedownReason.other', defaultMessage: 'Other' },
});
/** `TakedownReasonLabels` of the contracts, in the page's language. */
export const takedownReasonName = (intl: IntlShape, reason: TakedownReason) =>
  intl.formatMessage(takedownReasons[reason]);

const trackKinds = defineMessages({
  music: { id: 'admin.trackKind.music', defaultMessage: 'music' },
  loop: { id: 'admin.trackKind.loop', defaultMessage: 'loop' },
});
/** A track's kind on a console row (`music`, `loop`, as the API names it in English). */
export const trackKindName = (intl: IntlShape, kind: string): string =>
  kind === 'music' || kind === 'loop' ? intl.formatMessage(trackKinds[kind]) : kind;

const auditActions = defineMessages({
  'user.disable': { id: 'admin.audit.action.userDisable', defaultMessage: 'Account disabled' },
  'user.enable': { id: 'admin.audit.action.userEnable', defaultMessage: 'Account enabled' },
  'user.role': { id: 'admin.audit.action.userRole', defaultMessage: 'Role changed' },
  'user.artist_link': { id: 'admin.audit.action.userArtistLink', defaultMessage: 'Artist profile linked' },
  'user.artist_unlink': { id: 'admin.audit.action.userArtistUnlink', defaultMessage: 'Artist profile unlinked' },
  'order.refund': { id: 'admin.audit.action.orderRefund', defaultMessage: 'Order refunded' },
  'track.takedown': { id: 'admin.audit.action.trackTakedown', defaultMessage: 'Track taken down' },
  'track.restore': { id: 'admin.audit.action.trackRestore', defaultMessage: 'Takedown lifted' },
  'track.approve': { id: 'admin.audit.action.trackApprove', defaultMessage: 'Track approved' },
  'track.reject': { id: 'admin.audit.action.trackReject', defaultMessage: 'Track rejected' },
});
/** What an audit entry's action means (`user.disable` → "Account disabled"); null for one the console does not know. */
export const auditActionName = (intl: IntlShape, action: string): string | null =>
  Object.hasOwn(auditActions, action) ? intl.formatMessage(auditActions[action as keyof typeof auditActions]) : null;

const auditTargets = defineMessages({
  user: { id: 'admin.audit.target.user', defaultMessage: 'user' },
  order: { id: 'admin.audit.target.order', defaultMessage: 'order' },
  track: { id: 'admin.audit.target.track', defaultMessage: 'track' },
});
/** An audit entry's target type (`user`, `order`, `track`, as the API names it in English). */
export const auditTargetName = (intl: IntlShape, target: string) =>
  Object.hasOwn(auditTargets, target) ? intl.formatMessage(auditTargets[target as keyof typeof auditTargets]) : target;
