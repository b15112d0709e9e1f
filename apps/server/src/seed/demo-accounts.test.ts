import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Database } from '../db/client.js';
import { verifyPassword } from '../modules/auth/password.js';
import { createTestDatabase } from '../../test/test-database.js';
import { makeArtist, makeSession } from '../../test/factories.js';
import { PUBLISHED_DEMO_ADMIN_PASSWORD, retirePublishedDemoPassword } from '../modules/auth/demo-accounts.service.js';
import { findDemoOperators } from '../modules/auth/users.repo.js';
import { seedDemoAccounts, type DemoCredentials } from './demo-accounts.js';
import { seedPlans } from './plans.js';

const userRow = z.object({ email: z.string(), type: z.string(), is_demo: z.boolean(), password_hash: z.string() });

/** Issue #31: demo accounts are marked, and the demo operator's password is nobody's to know in advance. */
describe('seedDemoAccounts', () => {
  const databases: Database[] = [];
  const seeded: { credentials: DemoCredentials[]; rows: z.infer<typeof userRow>[] }[] = [];

  beforeAll(async () => {
    for (const adminPassword of [undefined, undefined, 'a-local-test-password']) {
      const database = await createTestDatabase();
      databases.push(database);
      await seedPlans(database.db);
      const artist = await makeArtist(database);
      const credentials = await database.db.transaction((tx) => seedDemoAccounts(tx, artist.id, { adminPassword }));
      const rows = await selectRows(
        database.db,
        userRow,
        sql`select email, type, is_demo, password_hash from users order by id`,
      );
      seeded.push({ credentials, rows });
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
  });

  it('marks every demo account as one (users.is_demo)', () => {
    for (const { rows } of seeded) {
      expect(rows.map((r) => [r.email, r.type, r.is_demo])).toEqual([
        ['listener@tarab.test', 'user', true],
        ['subscriber@tarab.test', 'user', true],
        ['artist@tarab.test', 'artist', true],
        ['admin@tarab.test', 'admin', true],
      ]);
    }
  });

  it('gives the operator a random password, different at every first start, and answers it to be printed', async () => {
    const [first, second] = seeded;
    const adminOf = (s: (typeof seeded)[number]) => s.credentials.find((c) => c.role === 'admin')!;
    const passwords = [adminOf(first!).password, adminOf(second!).password];
    expect(passwords[0]).not.toBe(passwords[1]);
    for (const [i, password] of passwords.entries()) {
      expect(password).not.toBe('administer-tarab');
      expect(password.length).toBeGreaterThanOrEqual(20);
      const hash = seeded[i]!.rows.find((r) => r.email === 'admin@tarab.test')!.password_hash;
      expect(await verifyPassword(hash, password)).toBe(true);
      expect(await verifyPassword(hash, 'administer-tarab')).toBe(false);
    }
    // The other three keep the passwords README.md lists.
    const listener = first!.credentials.find((c) => c.role === 'listener')!;
    expect(listener.password).toBe('listen-to-tarab');
  });

  it('takes the operator password given for tests and local use (DEMO_ADMIN_PASSWORD)', async () => {
    const third = seeded[2]!;
    expect(third.credentials.find((c) => c.role === 'admin')!.password).toBe('a-local-test-password');
    const hash = third.rows.find((r) => r.email === 'admin@tarab.test')!.password_hash;
    expect(await verifyPassword(hash, 'a-local-test-password')).toBe(true);
  });
});

/** A data folder seeded before issue #31 still had the operator password the README printed. */
describe('retirePublishedDemoPassword', () => {
  it('gives a demo operator with the published password a new one and ends its sessions; leaves others alone', async () => {
    const database = await createTestDatabase();
    try {
      await seedPlans(database.db);
      const artist = await makeArtist(database);
      await database.db.transaction((tx) =>
        seedDemoAccounts(tx, artist.id, { adminPassword: PUBLISHED_DEMO_ADMIN_PASSWORD }),
      );
      const admin = (await findDemoOperators(database.db))[0]!;
      await makeSession(database, admin.id);
      const listenerHash = (
        await selectRows(
          database.db,
          userRow,
          sql`select email, type, is_demo, password_hash from users where email = 'listener@tarab.test'`,
        )
      )[0]!.password_hash;

      const changed = await retirePublishedDemoPassword(database.db, () => 'fresh-random-password');
      expect(changed).toEqual([{ email: 'admin@tarab.test', password: 'fresh-random-password' }]);
      const [after] = await findDemoOperators(database.db);
      expect(await verifyPassword(after!.passwordHash!, PUBLISHED_DEMO_ADMIN_PASSWORD)).toBe(false);
      expect(await verifyPassword(after!.passwordHash!, 'fresh-random-password')).toBe(true);
      const sessions = await selectRows(
        database.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from sessions where user_id = ${admin.id}`,
      );
      expect(sessions[0]!.n).toBe(0);
      // The listener keeps the password the README lists; a second start changes nothing.
      const listener = await selectRows(
        database.db,
        userRow,
        sql`select email, type, is_demo, password_hash from users where email = 'listener@tarab.test'`,
      );
      expect(listener[0]!.password_hash).toBe(listenerHash);
      expect(await retirePublishedDemoPassword(database.db, () => 'another')).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
