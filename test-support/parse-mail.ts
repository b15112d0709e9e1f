/**
 * One reader for the mail the server sends, as nodemailer writes it: the server tests read it off
 * their SMTP server (apps/server/test/smtp-test-server.ts) or the DATA_DIR/mail `.eml` files, the
 * browser journeys off those files (apps/web/e2e/support/mailbox.ts). Here, outside the apps, because
 * the web app and the server never import each other (eslint.config.js, import direction).
 */

export interface ParsedMail {
  /** The To header, lower case. */
  to: string;
  /** The Subject header, unfolded and decoded. */
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
}

/** Quoted-printable: soft line breaks go, `=XX` becomes its byte (UTF-8 decoded). */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header, decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The To and Subject headers and the decoded text/plain part of a raw RFC 822 message. */
export function parseMail(raw: string): ParsedMail {
  const unfolded = raw.replace(/\r\n/g, '\n');
  const header = (name: string) =>
    new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'm').exec(unfolded)?.[1]?.replace(/\n[ \t]/g, ' ') ?? '';
  const part = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?\n([\s\S]*?)(?:\n--|$)/.exec(unfolded);
  const partHeaders = part?.[0] ?? '';
  let text = part?.[1] ?? '';
  if (/Content-Transfer-Encoding: quoted-printable/i.test(partHeaders)) text = decodeQuotedPrintable(text);
  else if (/Content-Transfer-Encoding: base64/i.test(partHeaders))
    text = Buffer.from(text.replace(/\s/g, ''), 'base64').toString('utf8');
  return { to: header('To').toLowerCase(), subject: decodeHeader(header('Subject')), text };
}
