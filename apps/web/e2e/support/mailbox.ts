import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';

/**
 * The e2e server runs without SMTP_URL, so every message it sends is an `.eml` file under
 * DATA_DIR/mail (decision 028). The journeys read the mail from there, as a person reads a mailbox.
 */

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
}

/** DATA_DIR/mail of the server the Playwright config starts (its cwd is the config's folder). */
function mailDir(testInfo: TestInfo): string {
  const configDir = path.dirname(testInfo.config.configFile ?? path.resolve('apps/web/playwright.config.ts'));
  return path.resolve(configDir, process.env.E2E_DATA_DIR ?? '../../.tmp/e2e-data', 'mail');
}

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

function parse(file: string, raw: string): Mail {
  const text = raw.replace(/\r\n/g, '\n');
  const header = (name: string) =>
    new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'm').exec(text)?.[1]?.replace(/\n[ \t]/g, ' ') ?? '';
  const part = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?\n([\s\S]*?)(?:\n--|$)/.exec(text);
  let body = part?.[1] ?? '';
  if (/Content-Transfer-Encoding: quoted-printable/i.test(part?.[0] ?? '')) body = decodeQuotedPrintable(body);
  else if (/Content-Transfer-Encoding: base64/i.test(part?.[0] ?? ''))
    body = Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  return { file, to: header('To').toLowerCase(), subject: decodeHeader(header('Subject')), text: body };
}

/** Waits for a message to `to` whose subject contains `subject` (the server sends in the background). */
export async function waitForMail(testInfo: TestInfo, to: string, subject: string, timeoutMs = 15_000): Promise<Mail> {
  const dir = mailDir(testInfo);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of files.filter((f) => f.endsWith('.eml')).sort()) {
      const mail = parse(name, await fs.readFile(path.join(dir, name), 'utf8'));
      if (mail.to.includes(to.toLowerCase()) && mail.subject.includes(subject)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subject}" in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The path and query of the first link of the mail (the link's host is PUBLIC_URL; the test's is baseURL). */
export function linkPath(mail: Mail): string {
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`no link in:\n${mail.text}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** The `token` of the first link of the mail. */
export function linkToken(mail: Mail): string {
  const token = new URL(linkPath(mail), 'http://mail.invalid').searchParams.get('token');
  if (!token) throw new Error(`no token in:\n${mail.text}`);
  return token;
}
