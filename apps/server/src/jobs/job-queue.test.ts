import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/test-database.js';
import { selectRows, type Database } from '../db/client.js';
import { startJobQueue, Queues, type JobQueue } from './job-queue.js';

const log = { warn: () => undefined, error: () => undefined };

describe('the job queue (pg-boss on our database)', () => {
  let database: Database | undefined;
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    await database?.close();
    queue = undefined;
    database = undefined;
  });

  it('runs a job queued in a transaction that commits, and never one whose transaction rolled back', async () => {
    database = await createTestDatabase();
    queue = await startJobQueue(database, log);
    const seen: string[] = [];
    await queue.work<{ to: string }>(Queues.mail.name, async (data) => {
      seen.push(data.to);
    });
    await database.db.transaction(async (tx) => {
      await queue!.enqueue(tx, Queues.mail.name, { to: 'kept@example.com' });
    });
    await database.db
      .transaction(async (tx) => {
        await queue!.enqueue(tx, Queues.mail.name, { to: 'rolled-back@example.com' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await queue.drained(Queues.mail.name);
    expect(seen).toEqual(['kept@example.com']);
    // The clock jobs are on pg-boss's clock (one job per slot across every process).
    const schedules = await selectRows(
      database.db,
      z.object({ name: z.string(), cron: z.string() }),
      sql`select name, cron from pgboss.schedule order by name`,
    );
    expect(schedules).toEqual([
      { name: Queues.duplicateSubscriptions.name, cron: Queues.duplicateSubscriptions.cron },
      { name: Queues.sessionJanitor.name, cron: Queues.sessionJanitor.cron },
      { name: Queues.trialReminders.name, cron: Queues.trialReminders.cron },
    ]);
  });

  it('keeps a failed job for a later attempt (per its queue: 30 s, then backing off), the others go on', async () => {
    database = await createTestDatabase();
    queue = await startJobQueue(database, log);
    const sent: string[] = [];
    await queue.work<{ to: string }>(Queues.mail.name, async (data) => {
      if (data.to === 'down@example.com') throw new Error('421 try again later');
      sent.push(data.to);
    });
    for (const to of ['down@example.com', 'up@example.com']) await queue.enqueue(database.db, Queues.mail.name, { to });
    await vi.waitFor(() => expect(sent).toEqual(['up@example.com']), { timeout: 10_000 });
    const row = z.object({ state: z.string(), retry_count: z.number(), wait: z.number() });
    await vi.waitFor(async () => {
      const [failed] = await selectRows(
        database!.db,
        row,
        sql`select state::text, retry_count, extract(epoch from start_after - now())::float8 as wait
            from pgboss.job where name = ${Queues.mail.name} and data->>'to' = 'down@example.com'`,
      );
      expect(failed).toMatchObject({ state: 'retry', retry_count: 0 });
      expect(failed!.wait).toBeGreaterThan(20);
    });
  });

  it('stops only once the completion of a finished job is written (none reaches a closed database)', async () => {
    database = await createTestDatabase();
    queue = await startJobQueue(database, log);
    let handled: () => void = () => {};
    const done = new Promise<void>((resolve) => (handled = resolve));
    await queue.work(Queues.mail.name, async () => handled());
    await queue.enqueue(database.db, Queues.mail.name, { to: 'last@example.com' });
    // The handler has returned: pg-boss marks the job complete next, without awaiting it.
    await done;
    await queue.stop();
    queue = undefined;
    const [job] = await selectRows(
      database.db,
      z.object({ state: z.string() }),
      sql`select state::text from pgboss.job where name = ${Queues.mail.name} and data->>'to' = 'last@example.com'`,
    );
    expect(job).toEqual({ state: 'completed' });
  });
});
