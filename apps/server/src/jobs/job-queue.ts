import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.js';
import { bossDbOf } from '../db/pg-boss-db.js';

/** pg-boss's tables live in their own schema, created with the store's migrations (`installJobQueue`). */
const SCHEMA = 'pgboss';

/**
 * Every queue of the store, with what a job of it may do: how often and how late it is tried again,
 * and how long one attempt may run before it counts as failed (a dead process's job is tried again
 * by pg-boss's maintenance once that time has passed). Cron queues are filled by pg-boss's clock, at
 * most once per slot across every process.
 */
export const Queues = {
  /** The mail outbox: receipts, notices and account mail, sent with retries (`mail/outbox.ts`). */
  mail: { name: 'mail', retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  /** Expired sessions and account tokens removed, hourly. */
  sessionJanitor: { name: 'session-janitor', cron: '17 * * * *', retryLimit: 0, expireInSeconds: 600 },
  /** "Your trial ends in 3 days", hourly. */
  trialReminders: { name: 'trial-reminders', cron: '7 * * * *', retryLimit: 0, expireInSeconds: 600 },
  /** Duplicate subscriptions refunded and cancelled, every minute (back-off per row). */
  duplicateSubscriptions: { name: 'duplicate-subscriptions', cron: '* * * * *', retryLimit: 0, expireInSeconds: 600 },
} as const satisfies Record<string, PgBoss.Queue & { cron?: string }>;

const cronQueues = new Set<string>(Object.values(Queues).flatMap((q) => ('cron' in q ? [q.name] : [])));

type QueueName = (typeof Queues)[keyof typeof Queues]['name'];

export interface JobLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobQueue {
  /** Queues a job in `db`'s transaction when `db` is one: it exists only if that transaction commits. */
  enqueue(db: DbOrTx, queue: QueueName, data: object): Promise<void>;
  /** Runs `handler` for each job of `queue` in this process (a throw fails the attempt: retried per the queue). */
  work<T extends object>(queue: QueueName, handler: (data: T) => Promise<void>): Promise<void>;
  /** Resolves once `queue` holds no job waiting or running (tests, before counting what the jobs did). */
  drained(queue: QueueName, timeoutMs?: number): Promise<void>;
  /** Stops taking jobs and waits for the ones running (up to 10 s). */
  stop(): Promise<void>;
}

const bossOf = (database: Database, options: PgBoss.ConstructorOptions = {}, db?: PgBoss.Db) =>
  new PgBoss({
    db: db ?? { executeSql: (text, values) => database.query(text, values ?? []) },
    schema: SCHEMA,
    ...options,
  });

/**
 * The database as pg-boss sees it, with its statements in flight kept. pg-boss's `stop` does not wait
 * for its worker loops: a fetch under way still hands its jobs to the handler, and pg-boss then marks
 * them complete without awaiting it. `close` waits until no statement and no handler is under way
 * (`running` counts the handlers), so every completion is written before the database closes. A
 * statement after that never reaches the closed database and never settles (a rejection there would
 * be an unhandled one inside pg-boss).
 */
function trackedDb(database: Database, running: () => number) {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const db: PgBoss.Db = {
    executeSql: (text, values) => {
      if (closed) return new Promise(() => undefined);
      const run = database.query(text, values ?? []);
      inFlight.add(run);
      void run.then(
        () => inFlight.delete(run),
        () => inFlight.delete(run),
      );
      return run;
    },
  };
  return {
    db,
    async close() {
      do {
        await Promise.allSettled([...inFlight]);
        // A settled fetch hands its jobs on in a later microtask: let those start before looking again.
        await new Promise((resolve) => setImmediate(resolve));
      } while (inFlight.size > 0 || running() > 0);
      closed = true;
    },
  };
}

/**
 * pg-boss's schema and the store's queues, when missing (called by `migrateDatabase`, so a migrated
 * database, a test template among them, has them). A later pg-boss that changes its schema migrates
 * it itself at `start`.
 */
export async function installJobQueue(database: Database): Promise<void> {
  const { rows } = await database.query(`SELECT to_regclass('${SCHEMA}.version') IS NOT NULL AS installed`);
  if (rows[0]?.installed !== true) await database.query(PgBoss.getConstructionPlans(SCHEMA));
  const boss = bossOf(database);
  for (const queue of Object.values(Queues)) {
    const { name, retryLimit, expireInSeconds } = queue;
    const retry = 'retryDelay' in queue ? { retryDelay: queue.retryDelay, retryBackoff: queue.retryBackoff } : {};
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, retryLimit, expireInSeconds, ...retry });
  }
}

/**
 * Starts the queue in this process: its maintenance (expired jobs retried, old ones archived), the
 * cron clock, and the workers `work` registers. Every process of a cluster may start one; pg-boss
 * hands each job to one of them (`FOR UPDATE SKIP LOCKED`).
 */
export async function startJobQueue(
  database: Database,
  log: JobLog,
  options: { clock?: boolean } = {},
): Promise<JobQueue> {
  // Without the clock (tests, a web-only process) no cron job is queued here; the schedules stay.
  const clock = options.clock ?? true;
  let running = 0;
  const tracked = trackedDb(database, () => running);
  const boss = bossOf(
    database,
    {
      migrate: true,
      supervise: true,
      schedule: clock,
      // Jobs carry addresses (mail): kept a week for support, then gone.
      deleteAfterDays: 7,
    },
    tracked.db,
  );
  boss.on('error', (err) => log.warn({ err }, 'job queue'));
  await boss.start();
  for (const queue of Object.values(Queues)) {
    if (clock && 'cron' in queue) await boss.schedule(queue.name, queue.cron);
  }
  return {
    async enqueue(db, queue, data) {
      await boss.send(queue, data, { db: bossDbOf(db) });
    },
    async work(queue, handler) {
      // Mail goes out a moment after its commit (up to 20 a fetch); a cron job waits for its slot anyway.
      const options = cronQueues.has(queue)
        ? { pollingIntervalSeconds: 10, batchSize: 1 }
        : { pollingIntervalSeconds: 0.5, batchSize: 20 };
      await boss.work(queue, options, async (jobs) => {
        running++;
        try {
          // Each job on its own: a failed one is retried per its queue, the others complete.
          for (const job of jobs) {
            try {
              await handler(job.data as never);
            } catch (err) {
              log.error({ err, queue, job: job.id }, 'a job failed; it is tried again per its queue');
              await boss.fail(queue, job.id, { message: err instanceof Error ? err.message : String(err) });
            }
          }
        } finally {
          running--;
        }
      });
    },
    async drained(queue, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      // Waiting and running jobs: every state before `completed`.
      while ((await boss.getQueueSize(queue, { before: 'completed' })) > 0) {
        if (Date.now() > until) throw new Error(`the ${queue} queue did not drain in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      await tracked.close();
    },
  };
}
