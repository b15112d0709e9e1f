import { AdminMessages, type AdminOrderDto, type TakedownReason, type UserType } from '@tarab/contracts';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { activeIntl } from '@/lib/i18n/active-locale';
import { serverText } from '@/lib/i18n/server-messages';

/**
 * The operator console's server messages (packages/contracts admin.ts `AdminMessages`, English on
 * the wire) as messages of the web app, keyed `admin.server.<key>`; their English text must be the
 * contracts' exactly (admin-messages.test.ts). `adminText()` shows one in the page's language.
 */
export const adminServerMessages = defineMessages({
  'admin.server.accountDisabled': {
    id: 'admin.server.accountDisabled',
    defaultMessage: 'This account has been disabled. If you think this is a mistake, write to support@tarab.local.',
  },
  'admin.server.userNotFound': { id: 'admin.server.userNotFound', defaultMessage: 'User not found' },
  'admin.server.orderNotFound': { id: 'admin.server.orderNotFound', defaultMessage: 'Order not found' },
  'admin.server.trackNotFound': { id: 'admin.server.trackNotFound', defaultMessage: 'Track not found' },
  'admin.server.artistNotFound': { id: 'admin.server.artistNotFound', defaultMessage: 'Artist not found' },
  'admin.server.notYourself': {
    id: 'admin.server.notYourself',
    defaultMessage: 'You cannot disable your own account or change your own role.',
  },
  'admin.server.artistLinkedElsewhere': {
    id: 'admin.server.artistLinkedElsewhere',
    defaultMessage: 'This artist profile is linked to another account.',
  },
  'admin.server.userDisabled': {
    id: 'admin.server.userDisabled',
    defaultMessage: 'The account is disabled and its sessions are logged out.',
  },
  'admin.server.userEnabled': { id: 'admin.server.userEnabled', defaultMessage: 'The account is enabled again.' },
  'admin.server.roleChanged': { id: 'admin.server.roleChanged', defaultMessage: 'The role is changed.' },
  'admin.server.artistLinked': { id: 'admin.server.artistLinked', defaultMessage: 'The artist profile link is saved.' },
  'admin.server.orderNotRefundable': {
    id: 'admin.server.orderNotRefundable',
    defaultMessage: 'Only a paid order can be refunded.',
  },
  'admin.server.refunded': {
    id: 'admin.server.refunded',
    defaultMessage: 'The order is refunded and its licence revoked.',
  },
  'admin.server.alreadyRefunded': {
    id: 'admin.server.alreadyRefunded',
    defaultMessage: 'The order was already refunded.',
  },
  'admin.server.refundFailed': {
    id: 'admin.server.refundFailed',
    defaultMessage: 'The payment provider did not refund the payment. Nothing was changed; try again.',
  },
  'admin.server.takenDown': {
    id: 'admin.server.takenDown',
    defaultMessage: 'The track is taken down; its artist was told why.',
  },
  'admin.server.restored': {
    id: 'admin.server.restored',
    defaultMessage: 'The takedown is lifted; the artist may publish the track again.',
  },
  'admin.server.notTakenDown': { id: 'admin.server.notTakenDown', defaultMessage: 'This track is not taken down.' },
  'admin.server.takenDownCannotPublish': {
    id: 'admin.server.takenDownCannotPublish',
    defaultMessage: 'This track was taken down by Tarab and cannot be published. The reason is in your tracks list.',
  },
  'admin.server.noteRequired': { id: 'admin.server.noteRequired', defaultMessage: 'Say why (the artist reads this).' },
  'admin.server.approved': { id: 'admin.server.approved', defaultMessage: 'The track is approved and published.' },
  'admin.server.alreadyApproved': {
    id: 'admin.server.alreadyApproved',
    defaultMessage: 'The track was already approved.',
  },
  'admin.server.reviewRejected': {
    id: 'admin.server.reviewRejected',
    defaultMessage: 'The track is rejected; its artist was told why.',
  },
  'admin.server.alreadyRejected': {
    id: 'admin.server.alreadyRejected',
    defaultMessage: 'The track was already rejected.',
  },
  'admin.server.notInReview': {
    id: 'admin.server.notInReview',
    defaultMessage: 'This track is not waiting for review.',
  },
  'admin.server.rejectReasonRequired': {
    id: 'admin.server.rejectReasonRequired',
    defaultMessage: 'Say why the track is rejected (the artist reads this).',
  },
  'admin.server.noteTooLong': {
    id: 'admin.server.noteTooLong',
    defaultMessage: 'The note may not be greater than 1000 characters.',
  },
  'admin.server.badDay': { id: 'admin.server.badDay', defaultMessage: 'A date is written YYYY-MM-DD.' },
  'admin.server.rangeReversed': {
    id: 'admin.server.rangeReversed',
    defaultMessage: 'The end of the range is before its start.',
  },
});

const byEnglish = new Map<string, MessageDescriptor>(
  Object.entries(AdminMessages).map(([key, text]) => [
    text,
    adminServerMessages[`admin.server.${key}` as keyof typeof adminServerMessages],
  ]),
);

/**
 * A server's answer to a console action (or an API error) in the page's language: the console's own
 * messages, then the store's (`serverText`), anything else as it came. English pages: as it came.
 */
export function adminText(text: string): string {
  const intl = activeIntl();
  if (intl.locale === 'en') return text;
  const descriptor = byEnglish.get(text);
  return descriptor ? intl.formatMessage(descriptor) : serverText(text);
}

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
