import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { artists, planPrices, subscriptions, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.js';

/** The demo accounts; their credentials are printed at first start and listed in README.md. */
export const demoAccounts = [
  { role: 'listener', name: 'Layla Listener', email: 'listener@tarab.test', password: 'listen-to-tarab', type: 'user' },
  {
    role: 'subscriber',
    name: 'Samir Subscriber',
    email: 'subscriber@tarab.test',
    password: 'subscribe-to-tarab',
    type: 'user',
  },
  { role: 'artist', name: 'Amal Artist', email: 'artist@tarab.test', password: 'create-for-tarab', type: 'artist' },
  // The operator console (/admin, issue 22); like the others, only where demo accounts are allowed (config.ts).
  { role: 'admin', name: 'Adel Admin', email: 'admin@tarab.test', password: 'administer-tarab', type: 'admin' },
] as const;

export async function seedDemoAccounts(tx: DbOrTx, artistId: number): Promise<void> {
  const ids: Record<string, number> = {};
  for (const account of demoAccounts) {
    const [row] = await tx
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        passwordHash: await hashPassword(account.password),
        type: account.type,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (row) ids[account.role] = row.id;
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
}
