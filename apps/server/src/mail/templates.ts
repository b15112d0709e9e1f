import type { MailMessage } from './mailer.js';

/**
 * Every message the store sends, in one place: plain text plus simple HTML, the store's name, and
 * links on `publicUrl` (PUBLIC_URL, or the local address). Tokens travel as `?token=` on web pages
 * that call the API.
 */
export const STORE_NAME = 'Tarab';

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

/** A message from paragraphs and at most one button link. */
function compose(
  to: string,
  subject: string,
  greetingName: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [
    `Hello ${greetingName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    `— ${STORE_NAME}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#0b0917;font-family:Georgia,serif;color:#faf5ea">',
    '<div style="max-width:560px;margin:0 auto;background:#15122a;border:1px solid #2e2853;border-radius:12px;padding:32px">',
    `<p style="margin:0 0 24px;font-size:22px;letter-spacing:.08em;color:#f4b840">${STORE_NAME}</p>`,
    `<p>Hello ${escapeHtml(greetingName)},</p>`,
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

export function verifyEmailMessage(links: MailLinks, to: string, name: string, token: string): MailMessage {
  return compose(
    to,
    `Confirm your email for ${STORE_NAME}`,
    name,
    [
      `Please confirm that ${to} is your email address. The link works once and for 24 hours.`,
      'If you did not create an account or change your email, you can ignore this message.',
    ],
    { label: 'Confirm my email', url: link(links.publicUrl, '/auth/verify-email', { token }) },
  );
}

export function passwordResetMessage(links: MailLinks, to: string, name: string, token: string): MailMessage {
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

export function passwordChangedMessage(links: MailLinks, to: string, name: string): MailMessage {
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

export function emailChangedNoticeMessage(links: MailLinks, to: string, name: string, newEmail: string): MailMessage {
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

export function accountDeletedMessage(links: MailLinks, to: string, name: string): MailMessage {
  return compose(to, `Your ${STORE_NAME} account was deleted`, name, [
    'Your account and its personal data were deleted, as you asked. Orders are kept for accounting with an anonymous buyer; licence keys you received stay valid.',
    `Thank you for listening. You are welcome back at ${links.publicUrl} any time.`,
  ]);
}
