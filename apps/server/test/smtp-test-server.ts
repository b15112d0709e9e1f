import { SMTPServer } from 'smtp-server';
import { parseMail } from '../../../test-support/parse-mail.js';

/** The one mail parser (test-support/parse-mail.ts), also for the tests that read `.eml` files. */
export { parseMail };

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
        const { subject, text } = parseMail(raw);
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, subject, text });
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
