import type { Mailer } from '../mail/mailer.js';
import { deliverMail } from '../mail/outbox.js';
import { Queues, type JobQueue } from './job-queue.js';

/** What the clock jobs run; each is also callable at once (at start, and by tests). */
export interface ClockJobs {
  sessionJanitor: { runOnce(): Promise<unknown> };
  trialReminders: { runOnce(): Promise<unknown> };
  duplicateSubscriptions: { runOnce(): Promise<unknown> };
}

/**
 * The workers of this process: the mail outbox; the clock jobs (hourly and every minute, scheduled
 * by pg-boss once per slot across every process) unless `clock` is false (tests, which run them with
 * their own clock). JOB_WORKERS=off turns both off (a web-only process).
 */
export async function startStoreWorkers(
  queue: JobQueue,
  deps: { mailer: Mailer; jobs: ClockJobs; mail: boolean; clock: boolean },
): Promise<void> {
  if (deps.mail) await deliverMail(queue, deps.mailer);
  if (!deps.clock) return;
  await queue.work(Queues.sessionJanitor.name, async () => void (await deps.jobs.sessionJanitor.runOnce()));
  await queue.work(Queues.trialReminders.name, async () => void (await deps.jobs.trialReminders.runOnce()));
  await queue.work(
    Queues.duplicateSubscriptions.name,
    async () => void (await deps.jobs.duplicateSubscriptions.runOnce()),
  );
}
