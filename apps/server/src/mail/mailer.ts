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
}

/** Sends mail. Other features (receipts, the operator's inbox) receive it through `app.mailer`. */
export interface Mailer {
  send(msg: MailMessage): Promise<void>;
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
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(msg) {
        await transport.sendMail({ from: options.from, ...msg });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(msg) {
      const info = await transport.sendMail({ from: options.from, ...msg });
      await fs.mkdir(options.mailDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.mailDir, name);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info({ file, subject: msg.subject }, 'mail written to a file (SMTP_URL is not set)');
    },
  };
}
