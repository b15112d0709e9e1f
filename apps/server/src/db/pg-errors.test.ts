import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.js';
import { createTestDatabase } from '../../test/test-database.js';
import type { Database } from './client.js';
import { isUniqueViolation } from './pg-errors.js';
import { users } from './schema/index.js';

describe('isUniqueViolation', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** What the database throws for `run` (through Drizzle, as the repos see it). */
  const failureOf = (run: () => Promise<unknown>) =>
    run().then(
      () => expect.fail('no error'),
      (error: unknown) => error,
    );

  it('recognises a unique index and a unique constraint by name, through Drizzle and from the driver', async () => {
    const a = await makeUser(database, { email: `taken-${Date.now()}@example.com` });
    const b = await makeUser(database);
    // The unique index on lower(email): another spelling of a taken address.
    const email = await failureOf(() =>
      database.db.update(users).set({ email: a.email.toUpperCase() }).where(eq(users.id, b.id)),
    );
    expect(isUniqueViolation(email)).toBe(true);
    expect(isUniqueViolation(email, 'users_email_lower_key')).toBe(true);
    expect(isUniqueViolation(email, 'users_google_sub_unique')).toBe(false);
    // The driver's own error (Drizzle's `cause`) is one too.
    expect(isUniqueViolation((email as { cause?: unknown }).cause, 'users_email_lower_key')).toBe(true);

    await database.db
      .update(users)
      .set({ googleSub: `sub-${a.id}` })
      .where(eq(users.id, a.id));
    const sub = await failureOf(() =>
      database.db
        .update(users)
        .set({ googleSub: `sub-${a.id}` })
        .where(eq(users.id, b.id)),
    );
    expect(isUniqueViolation(sub, 'users_google_sub_unique')).toBe(true);
    expect(isUniqueViolation(sub, 'users_email_lower_key')).toBe(false);
  });

  it('is false for other database errors and for anything that is not one', async () => {
    const notNull = await failureOf(() =>
      database.db
        .update(users)
        .set({ email: null as unknown as string })
        .where(eq(users.id, 1)),
    );
    expect(isUniqueViolation(notNull)).toBe(false);
    for (const value of [undefined, null, 'duplicate key', 23505, new Error('duplicate key value'), { cause: null }]) {
      expect(isUniqueViolation(value)).toBe(false);
    }
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ cause: { code: '23505', constraint: 'x' } }, 'x')).toBe(true);
  });
});
