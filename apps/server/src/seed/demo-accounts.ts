import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { artists, planPrices, subscriptions, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.js';

/**
 * The demo accounts, marked `users.is_demo` (decision 052). The listener's, subscriber's and artist's
 * passwords are listed in README.md; the operator's (`password: null`) is random, made and printed at
 * the first start only (DEMO_ADMIN_PASSWORD sets it for tests and local use).
 */
const demoAccounts = [
  { role: 'listener', name: 'Layla Listener', email: 'listener@tarab.test', password: 'listen-to-tarab', type: 'user' },
  {
    role: 'subscriber',
    name: 'Samir Subscriber',
    email: 'subscriber@tarab.test',
    password: 'subscribe-to-tarab',
    type: 'user',
  },
  { role: 'artist', name: 'Amal Artist', email: 'artist@tarab.test', password: 'create-for-tarab', type: 'artist' },
  // The operator console (/admin, issue 22); like the others, only where demo accounts are wanted (config.ts).
  { role: 'admin', name: 'Adel Admin', email: 'admin@tarab.test', password: null, type: 'admin' },
] as const;

/** One demo account as created: its role, email and password (the operator's is the random one). */
export interface DemoCredentials {
  role: string;
  email: string;
  password: string;
}

/** A password for the demo operator: 128 random bits, printable. */
export function randomDemoPassword(): string {
  return randomBytes(16).toString('base64url');
}

export async function seedDemoAccounts(
  tx: DbOrTx,
  artistId: number,
  options: { adminPassword?: string | undefined } = {},
): Promise<DemoCredentials[]> {
  const ids: Record<string, number> = {};
  const created: DemoCredentials[] = [];
  for (const account of demoAccounts) {
    const password = account.password ?? options.adminPassword ?? randomDemoPassword();
    const [row] = await tx
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        passwordHash: await hashPassword(password),
        type: account.type,
        emailVerifiedAt: new Date(),
        isDemo: true,
      })
      .returning({ id: users.id });
    if (row) ids[account.role] = row.id;
    created.push({ role: account.role, email: account.email, password });
  }
  const artistUser = ids['artist'];
  if (artistUser !== undefined) await tx.update(artists).set({ userId: artistUser }).where(eq(artists.id, artistId));
  const subscriber = ids['subscriber'];
  const [price] = await tx.select({ id: planPrices.id }).from(planPrices).where(eq(planPrices.code, 'creator_year'));
  if (subscriber !== undefined && price) {
    const yearFromNow = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    await tx.insert(subscriptions).values({
      userId: subscriber,
      planPriceId: price.id,
      status: 'active',
      provider: 'local',
      providerRef: `local_sub_demo_${subscriber}`,
      currentPeriodEnd: yearFromNow,
    });
  }
  return created;
}
