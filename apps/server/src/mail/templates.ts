import type { MailMessage } from './mailer.js';

/**
 * Every message the store sends, in one place: plain text plus simple HTML, the store's name, and
 * links on `publicUrl` (PUBLIC_URL, or the local address). Tokens travel as `?token=` on web pages
 * that call the API.
 */
const STORE_NAME = 'Tarab';

export interface MailLinks {
  publicUrl: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const link = (base: string, pathname: string, query: Record<string, string> = {}) => {
  const url = new URL(pathname, base.endsWith('/') ? base : `${base}/`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
};

/**
 * The name a mail may greet its recipient with: the name the account chose, only once the account
 * has confirmed its address. Before that, anyone could have typed someone else's address and any
 * text as the name: the store would be mailing a stranger the sender's words ("Hello <their text>,").
 * Null greets without a name.
 */
export const greetingName = (user: { name: string; emailVerifiedAt: Date | null }): string | null =>
  user.emailVerifiedAt ? user.name : null;

/** A message from paragraphs and at most one button link; a null name greets with "Hello,". */
function compose(
  to: string,
  subject: string,
  greetingName: string | null,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [
    greetingName === null ? 'Hello,' : `Hello ${greetingName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    `— ${STORE_NAME}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#0b0917;font-family:Georgia,serif;color:#faf5ea">',
    '<div style="max-width:560px;margin:0 auto;background:#15122a;border:1px solid #2e2853;border-radius:12px;padding:32px">',
    `<p style="margin:0 0 24px;font-size:22px;letter-spacing:.08em;color:#f4b840">${STORE_NAME}</p>`,
    greetingName === null ? '<p>Hello,</p>' : `<p>Hello ${escapeHtml(greetingName)},</p>`,
    ...paragraphs.map((p) => `<p style="line-height:1.6">${escapeHtml(p)}</p>`),
    ...(action
      ? [
          `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#f4b840;color:#15122a;padding:12px 20px;border-radius:999px;text-decoration:none;font-family:Arial,sans-serif;font-weight:bold">${escapeHtml(action.label)}</a></p>`,
          `<p style="font-size:12px;color:#b9ad99;word-break:break-all">${escapeHtml(action.url)}</p>`,
        ]
      : []),
    `<p style="margin-top:32px;color:#b9ad99">— ${STORE_NAME}</p>`,
    '</div></body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

/** Goes to an address nobody has confirmed yet: it greets without a name (the name is the sender's text). */
export function verifyEmailMessage(links: MailLinks, to: string, token: string): MailMessage {
  return compose(
    to,
    `Confirm your email for ${STORE_NAME}`,
    null,
    [
      `Please confirm that ${to} is your email address. The link works once and for 24 hours.`,
      'If you did not create an account or change your email, you can ignore this message.',
    ],
    { label: 'Confirm my email', url: link(links.publicUrl, '/auth/verify-email', { token }) },
  );
}

export function passwordResetMessage(links: MailLinks, to: string, name: string | null, token: string): MailMessage {
  return compose(
    to,
    `Reset your ${STORE_NAME} password`,
    name,
    [
      'Someone (we hope you) asked to reset the password of your account. The link works once and for 30 minutes.',
      'If it was not you, ignore this message: your password stays as it is.',
    ],
    { label: 'Choose a new password', url: link(links.publicUrl, '/auth/reset-password', { token }) },
  );
}

export function passwordChangedMessage(links: MailLinks, to: string, name: string | null): MailMessage {
  return compose(
    to,
    `Your ${STORE_NAME} password was changed`,
    name,
    [
      'The password of your account was just changed, and every other session was logged out.',
      'If this was not you, reset your password now and check your account.',
    ],
    { label: 'Reset my password', url: link(links.publicUrl, '/auth/forgot-password') },
  );
}

export function emailChangedNoticeMessage(
  links: MailLinks,
  to: string,
  name: string | null,
  newEmail: string,
): MailMessage {
  return compose(
    to,
    `Your ${STORE_NAME} email is changing`,
    name,
    [
      `The email of your account was changed to ${newEmail}. Messages now go to the new address, once it is confirmed.`,
      'If this was not you, reset your password now and write to us.',
    ],
    { label: 'Reset my password', url: link(links.publicUrl, '/auth/forgot-password') },
  );
}

/**
 * To the CURRENT address of an account without a password that asked to change its email: the link
 * is the proof (the session alone is not). The new address is confirmed by its own link afterwards.
 */
export function emailChangeLinkMessage(
  links: MailLinks,
  to: string,
  name: string | null,
  newEmail: string,
  token: string,
): MailMessage {
  return compose(
    to,
    `Confirm the change of your ${STORE_NAME} email`,
    name,
    [
      `Someone (we hope you) asked to change the email of your account to ${newEmail}. The link works once and for 24 hours.`,
      'If it was not you, ignore this message: your email stays as it is. Then log out everywhere else from your profile.',
    ],
    { label: 'Change my email', url: link(links.publicUrl, '/auth/confirm-email-change', { token }) },
  );
}

export function accountDeletedMessage(links: MailLinks, to: string, name: string | null): MailMessage {
  return compose(to, `Your ${STORE_NAME} account was deleted`, name, [
    'Your account and its personal data were deleted, as you asked. Orders are kept for accounting with an anonymous buyer; licence keys you received stay valid.',
    `Thank you for listening. You are welcome back at ${links.publicUrl} any time.`,
  ]);
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const day = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);

export interface ReceiptDetails {
  orderId: number;
  title: string;
  amountCents: number;
  currency: string;
  licenseKey: string | null;
  paidAt: Date;
}

export function orderReceiptMessage(
  links: MailLinks,
  to: string,
  name: string | null,
  order: ReceiptDetails,
): MailMessage {
  return compose(
    to,
    `Your ${STORE_NAME} receipt for “${order.title}”`,
    name,
    [
      `Thank you for your purchase. Order #${order.orderId}, paid on ${day(order.paidAt)}.`,
      `Track: ${order.title}`,
      `Amount: ${money(order.amountCents, order.currency)}`,
      ...(order.licenseKey ? [`Licence key: ${order.licenseKey}`] : []),
      'The track and its licence are in your downloads, whenever you need them.',
    ],
    { label: 'Go to my downloads', url: link(links.publicUrl, '/savedPage') },
  );
}

export interface CartReceiptDetails {
  cartOrderId: number;
  playlistName: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  /** Each track with its price and the licence key its line item granted. */
  lines: Array<{ title: string; amountCents: number; licenseKey: string }>;
}

/** One receipt for a whole playlist's checkout: every track, its price and its licence key. */
export function cartReceiptMessage(
  links: MailLinks,
  to: string,
  name: string | null,
  cart: CartReceiptDetails,
): MailMessage {
  const count = `${cart.lines.length} ${cart.lines.length === 1 ? 'track' : 'tracks'}`;
  return compose(
    to,
    `Your ${STORE_NAME} receipt for ${count} from “${cart.playlistName}”`,
    name,
    [
      `Thank you for your purchase. Order #C${cart.cartOrderId}, paid on ${day(cart.paidAt)}: ${count} from your playlist “${cart.playlistName}”.`,
      ...cart.lines.map(
        (line) => `${line.title} — ${money(line.amountCents, cart.currency)} — licence key ${line.licenseKey}`,
      ),
      `Total: ${money(cart.amountCents, cart.currency)}`,
      'Each track has its own licence. All of them are in your downloads, one by one or in one zip.',
    ],
    { label: 'Go to my downloads', url: link(links.publicUrl, '/savedPage') },
  );
}

export interface SubscriptionDetails {
  planName: string;
  amountCents: number;
  interval: string;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
}

export function subscriptionStartedMessage(
  links: MailLinks,
  to: string,
  name: string | null,
  sub: SubscriptionDetails,
): MailMessage {
  const price = `${money(sub.amountCents, 'usd')} per ${sub.interval}`;
  return compose(
    to,
    `Welcome to ${STORE_NAME} ${sub.planName}`,
    name,
    [
      `Your ${sub.planName} subscription has started (${price}).`,
      sub.trialEnd
        ? `Your free trial runs until ${day(sub.trialEnd)}; the first payment is taken then unless you cancel before.`
        : `It renews on ${day(sub.currentPeriodEnd)}.`,
      'Loops and tracks of the subscription are yours to download from the loops section.',
    ],
    { label: 'Manage my subscription', url: link(links.publicUrl, '/subscription-plan') },
  );
}

export function subscriptionRenewedMessage(
  links: MailLinks,
  to: string,
  name: string | null,
  sub: SubscriptionDetails,
): MailMessage {
  return compose(
    to,
    `Your ${STORE_NAME} ${sub.planName} subscription renewed`,
    name,
    [
      `Your ${sub.planName} subscription renewed: ${money(sub.amountCents, 'usd')} per ${sub.interval}.`,
      `The next renewal is on ${day(sub.currentPeriodEnd)}.`,
    ],
    { label: 'Manage my subscription', url: link(links.publicUrl, '/subscription-plan') },
  );
}

export function subscriptionCancelledMessage(
  links: MailLinks,
  to: string,
  name: string | null,
  sub: SubscriptionDetails,
): MailMessage {
  return compose(
    to,
    `Your ${STORE_NAME} ${sub.planName} subscription is cancelled`,
    name,
    [
      `Your ${sub.planName} subscription is cancelled and will not renew.`,
      `You keep access until ${day(sub.currentPeriodEnd)}. Tracks you downloaded keep their licences.`,
    ],
    { label: 'See the plans', url: link(links.publicUrl, '/subscription-plan') },
  );
}

export function trialEndingMessage(
  links: MailLinks,
  to: string,
  name: string | null,
  sub: SubscriptionDetails,
): MailMessage {
  const ends = sub.trialEnd ?? sub.currentPeriodEnd;
  return compose(
    to,
    `Your ${STORE_NAME} free trial ends in 3 days`,
    name,
    [
      `Your free trial of ${sub.planName} ends on ${day(ends)}.`,
      `Then the subscription continues at ${money(sub.amountCents, 'usd')} per ${sub.interval}. To stop it, cancel before that day.`,
    ],
    { label: 'Manage my subscription', url: link(links.publicUrl, '/subscription-plan') },
  );
}

export interface QuoteRequestDetails {
  id: number;
  name: string;
  company: string;
  email: string;
  needs: string;
  createdAt: Date;
}

/** To the operator: a new Enterprise quote request (reply to the requester directly). */
export function quoteRequestMessage(to: string, quote: QuoteRequestDetails): MailMessage {
  const message = compose(to, `Enterprise quote request #${quote.id} from ${quote.company}`, 'licensing team', [
    `A new Enterprise quote request (#${quote.id}, ${quote.createdAt.toISOString()}).`,
    `Name: ${quote.name}`,
    `Company: ${quote.company}`,
    `Email: ${quote.email}`,
    `What they need: ${quote.needs}`,
    'Reply to the requester at the address above.',
  ]);
  return { ...message, replyTo: quote.email };
}

export interface TakedownDetails {
  title: string;
  /** The reason's label (TakedownReasonLabels). */
  reason: string;
  note: string | null;
}

/** To the artist whose track an operator took down (issue 22): what, why, and that buyers keep their licences. */
export function trackTakenDownMessage(
  links: MailLinks,
  to: string,
  name: string | null,
  takedown: TakedownDetails,
): MailMessage {
  return compose(
    to,
    `Your track “${takedown.title}” was taken down`,
    name,
    [
      `We took your track “${takedown.title}” out of the ${STORE_NAME} store.`,
      `Reason: ${takedown.reason}.${takedown.note ? ` ${takedown.note}` : ''}`,
      'Buyers who already licensed it keep their licences. The reason is also shown in your tracks list; reply to this message if you think it is a mistake.',
    ],
    { label: 'See my tracks', url: link(links.publicUrl, '/artist-analytics') },
  );
}

/** To the artist whose publish request an operator rejected (MODERATION=on, decision 041): what and why. */
export function trackRejectedMessage(
  links: MailLinks,
  to: string,
  name: string | null,
  rejection: { title: string; reason: string },
): MailMessage {
  return compose(
    to,
    `Your track “${rejection.title}” was not approved`,
    name,
    [
      `We reviewed your track “${rejection.title}” and did not publish it in the ${STORE_NAME} store.`,
      `Reason: ${rejection.reason}`,
      'The reason is also shown in your tracks list. You may change the track and ask to publish it again, or reply to this message.',
    ],
    { label: 'See my tracks', url: link(links.publicUrl, '/artist-analytics') },
  );
}
