import { SMTPServer } from 'smtp-server';

/** A message as it arrived over SMTP: envelope recipients, the raw RFC 822 text and its decoded parts. */
interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The text part, quoted-printable decoded. */
  text: string;
}

export interface SmtpTestServer {
  url: string;
  received: ReceivedMail[];
  /** Waits (up to `timeoutMs`) for a message to `to` whose subject contains `subject`. */
  waitFor(to: string, subject: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Quoted-printable: soft line breaks go, `=XX` becomes its byte (UTF-8 decoded). */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
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

/** The decoded text/plain part and the Subject of a raw message built by nodemailer. */
export function parseMail(raw: string): { subject: string; text: string } {
  const unfolded = raw.replace(/\r\n/g, '\n');
  const subject = decodeHeader(/^Subject: (.*(?:\n[ \t].*)*)/m.exec(unfolded)?.[1]?.replace(/\n[ \t]/g, ' ') ?? '');
  const part = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?\n([\s\S]*?)(?:\n--|$)/.exec(unfolded);
  const headers = part?.[0] ?? '';
  let text = part?.[1] ?? '';
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) text = decodeQuotedPrintable(text);
  else if (/Content-Transfer-Encoding: base64/i.test(headers))
    text = Buffer.from(text.replace(/\s/g, ''), 'base64').toString('utf8');
  return { subject, text };
}

/** The `token` query parameter of the first link in a message's text. */
export function linkToken(mail: { text: string }): string {
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0];
  const token = url ? new URL(url).searchParams.get('token') : null;
  if (!token) throw new Error(`no link with a token in:\n${mail.text}`);
  return token;
}

/** A real SMTP server in this process (the `smtp-server` package): accepts anything, keeps what arrives. */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, ...parseMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://test:secret@127.0.0.1:${port}`,
    received,
    async waitFor(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subject));
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no mail to ${to} about "${subject}"; got: ${received.map((m) => `${m.to} ${m.subject}`).join('; ')}`,
          );
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
