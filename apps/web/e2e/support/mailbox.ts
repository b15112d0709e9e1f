import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { parseMail, type ParsedMail } from '../../../../test-support/parse-mail';

/**
 * The e2e server runs without SMTP_URL, so every message it sends is an `.eml` file under
 * DATA_DIR/mail (decision 028). The journeys read the mail from there, as a person reads a mailbox.
 */

export interface Mail extends ParsedMail {
  file: string;
}

/** DATA_DIR/mail of the server the Playwright config starts (its cwd is the config's folder). */
function mailDir(testInfo: TestInfo): string {
  const configDir = path.dirname(testInfo.config.configFile ?? path.resolve('apps/web/playwright.config.ts'));
  return path.resolve(configDir, process.env.E2E_DATA_DIR ?? '../../.tmp/e2e-data', 'mail');
}

/** Waits for a message to `to` whose subject contains `subject` (the server sends in the background). */
export async function waitForMail(testInfo: TestInfo, to: string, subject: string, timeoutMs = 15_000): Promise<Mail> {
  const dir = mailDir(testInfo);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of files.filter((f) => f.endsWith('.eml')).sort()) {
      const mail: Mail = { file: name, ...parseMail(await fs.readFile(path.join(dir, name), 'utf8')) };
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
