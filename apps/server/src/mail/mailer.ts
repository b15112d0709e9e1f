import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One message: plain text plus simple HTML (both from `templates.ts`). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (the requester of an Enterprise quote), when not to the store. */
  replyTo?: string;
}

/** Sends mail. Other features (receipts, the operator's inbox) receive it through `app.mailer`. */
export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

/** The mailer the app makes: it also waits for messages still being sent (on close). */
export interface ClosableMailer extends Mailer {
  /** Stops taking messages and resolves once every send started so far has ended (sent or failed). */
  drain(): Promise<void>;
  /** Resolves once every send started so far has ended (sent or failed); new ones are still taken. */
  settled(): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` (or `smtps://…`); without it messages become `.eml` files. */
  smtpUrl: string | undefined;
  /** The From header, e.g. `Tarab <no-reply@tarab.local>`. */
  from: string;
  /** Where the `.eml` files go when there is no SMTP server (DATA_DIR/mail). */
  mailDir: string;
  log: { info(obj: object, msg: string): void };
}

/**
 * SMTP through nodemailer when `SMTP_URL` is set; otherwise every message is written as an RFC 822
 * `.eml` file (built by nodemailer's stream transport, so the bytes are what SMTP would carry) and one
 * log line names the file.
 */
export function createMailer(options: MailerOptions): ClosableMailer {
  const pending = new Set<Promise<unknown>>();
  let closed = false;
  const tracked = (send: (msg: MailMessage) => Promise<void>): ClosableMailer => ({
    send(msg) {
      // After close (the app is shutting down) nothing new starts; the caller logs the refusal.
      const sending = closed ? Promise.reject(new Error('the mailer is closed')) : send(msg);
      const settled = sending.catch(() => undefined);
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
      return sending;
    },
    async drain() {
      closed = true;
      await Promise.all([...pending]);
    },
    async settled() {
      await Promise.all([...pending]);
    },
  });
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return tracked(async (msg) => {
      await transport.sendMail({ from: options.from, ...msg });
    });
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return tracked(async (msg) => {
    const info = await transport.sendMail({ from: options.from, ...msg });
    await fs.mkdir(options.mailDir, { recursive: true, mode: 0o700 });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(options.mailDir, name);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    options.log.info({ file, subject: msg.subject }, 'mail written to a file (SMTP_URL is not set)');
  });
}
